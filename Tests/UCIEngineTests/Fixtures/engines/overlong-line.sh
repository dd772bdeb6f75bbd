# A fake engine that prints one line of 160 MB (160 times ProcessTransport.maxLineBytes), then `uciok` on a line of its
# own, then waits for its input to close (memory test: the line is dropped, the reader sees `uciok` first).
head -c 167772160 /dev/zero | tr '\0' 'x'
printf '\nuciok\n'
exec cat >/dev/null
