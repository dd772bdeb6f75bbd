#!/bin/sh
# A fake UCI engine that exits at once, before any handshake.
exit 3
