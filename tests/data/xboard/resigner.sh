#!/bin/sh
# An XBoard engine that resigns whenever it is to move: XBoard loads a game
# (-lgf) as the opening of a one-game match between two of these, and saves
# it (-sgf) in its own PGN, the SAN it writes (tests/pgn.rs).
while read -r line; do
  case "$line" in
    protover*) echo 'feature variants="normal,shogi,chu" usermove=1 sigint=0 sigterm=0 ping=1 setboard=1 myname="resigner" done=1' ;;
    ping*) echo "pong ${line#ping }" ;;
    go | usermove*) echo resign ;;
    quit) exit 0 ;;
  esac
done
