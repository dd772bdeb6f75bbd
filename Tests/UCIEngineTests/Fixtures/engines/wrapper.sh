# A wrapper that starts the real engine as its child (not exec) and another child, as users do
# to add logging or a nice level. Ending the engine must end both children too.
# (A background command's input is /dev/null in sh: the engine gets ours through fd 3.)
exec 3<&0
/usr/games/stockfish <&3 3<&- &
sleep 300 3<&- &
wait
