#!/bin/sh
# A fake UCI engine that never says anything: the handshake must time out.
while read -r line; do :; done
