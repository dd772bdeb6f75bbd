# A fake engine that answers nothing and prints one line that never ends (memory test).
tr -d '\n' < /dev/zero | tr '\0' 'x'
