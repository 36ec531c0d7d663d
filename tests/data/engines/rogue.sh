#!/bin/sh
# A rogue XBoard engine for the referee's hostile tests (tests/hostile.rs).
# It answers the handshake and `ping` like an engine, and misbehaves on
# `go` as MODE says:
#   flood    prints lines without end
#   endless  prints one line that never ends
#   silent   never answers
#   crash    exits with status 3
#   orphan   like silent, and first starts a child that outlives it,
#            writing the child's process id to the file PIDFILE
#   lose     claims `0-1 {resign}` (HaChu resigns so; as the first
#            player, a resignation)
#   win      claims `1-0 {mate}` (as the first player, a false claim)
#   snapshot like lose, and first copies the file RECORD (if it exists)
#            to COPY: what the referee's record held when the game began
# Usage: sh rogue.sh MODE [PIDFILE | RECORD COPY]
mode=$1
if [ "$mode" = orphan ]; then
    sleep 300 &
    echo $! > "$2"
fi
while read -r cmd arg; do
    case $cmd in
        protover) echo "feature myname=\"rogue $mode\" usermove=1 ping=1 done=1" ;;
        ping) echo "pong $arg" ;;
        quit) exit 0 ;;
        go)
            case $mode in
                flood) yes 'telluser flood' ;;
                endless) yes | tr -d '\n' ;;
                crash) exit 3 ;;
                lose) echo '0-1 {resign}' ;;
                snapshot)
                    [ -f "$2" ] && cp "$2" "$3"
                    echo '0-1 {resign}' ;;
                win) echo '1-0 {mate}' ;;
            esac
            ;;
    esac
done
