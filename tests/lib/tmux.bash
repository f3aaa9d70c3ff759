# SPDX-License-Identifier: GPL-2.0
# Driving a full-screen program in tmux from bats, for the host and the
# guest suites of "zswapctl top". Each test gets a tmux server of its own
# (its own socket, no configuration file), with one pane running a plain
# bash whose prompt is "PROMPT$ ", so that a test can see the shell come
# back. Waits poll the pane against a deadline (TMUX_WAIT seconds, 30 by
# default); nothing here sleeps a fixed time to let something happen.
# shellcheck disable=SC2119,SC2120 # pane takes capture-pane's options, or none

# tmx ARGS...: tmux on the test's own server
tmx() { tmux -S "$TMUX_SOCK" -f /dev/null "$@"; }

# tmux_start [COLUMNS [LINES]]: the server and its pane
tmux_start() {
	TMUX_DIR=$(mktemp -d /tmp/zswapctl-tmux.XXXXXX)
	TMUX_SOCK=$TMUX_DIR/sock
	tmx new-session -d -x "${1:-120}" -y "${2:-40}" \
		env -i PATH="$PATH" HOME="${HOME:-/root}" TERM=screen LANG=C.UTF-8 \
		PS1='PROMPT$ ' bash --norc --noprofile
	wait_for_pane '^PROMPT\$'
}

tmux_stop() {
	[ -n "${TMUX_SOCK:-}" ] || return 0
	tmx kill-server 2>/dev/null || true
	rm -rf "$TMUX_DIR"
	TMUX_SOCK=
}

# pane [ARGS...]: the pane's text now (capture-pane -p ARGS)
pane() { tmx capture-pane -p "$@"; }

# pane_run TEXT: type a command line in the pane's shell and run it
pane_run() {
	tmx send-keys -l "$1"
	tmx send-keys Enter
}

# pane_keys KEYS...: keys as tmux names them ("q", "Space", "C-c")
pane_keys() { tmx send-keys "$@"; }

# pane_type TEXT: the characters of TEXT, literally
pane_type() { tmx send-keys -l "$1"; }

# pane_get FORMAT: a tmux format of the pane ("#{alternate_on}")
pane_get() { tmx display-message -p "$1"; }

# The program running in the pane's shell, if any
pane_child() { pgrep -P "$(pane_get '#{pane_pid}')"; }

# wait_until CMD...: poll until CMD succeeds; fail with the pane at the deadline
wait_until() {
	local deadline=$((SECONDS + ${TMUX_WAIT:-30}))
	until "$@"; do
		if [ "$SECONDS" -ge "$deadline" ]; then
			echo "timed out waiting for: $*" >&2
			echo "--- the pane:" >&2
			pane >&2
			return 1
		fi
		sleep 0.1
	done
}

pane_has() { pane | grep -qE -- "$1"; }

# wait_for_pane REGEX: until a line of the pane matches REGEX (grep -E)
wait_for_pane() { wait_until pane_has "$1"; }

# wait_for_shell: until the program has left the pane to its shell: the
# alternate screen is off, nothing runs below the shell, and the last
# line that is not empty is the shell's prompt
wait_for_shell() { wait_until shell_is_back; }

shell_is_back() {
	[ "$(pane_get '#{alternate_on}')" = 0 ] || return 1
	! pane_child >/dev/null || return 1
	# capture-pane leaves out the space at the end of the prompt
	pane | grep -v '^$' | tail -n 1 | grep -q '^PROMPT\$ \{0,1\}$'
}

# pane_status: the exit status of the last command the pane's shell ran
pane_status() {
	local mark=status-$RANDOM
	# shellcheck disable=SC2016 # $? is for the pane's shell to expand
	pane_run "echo \"$mark=\$?\""
	wait_for_pane "^$mark=[0-9]+$" >&2 || return 1
	pane | sed -n "s/^$mark=//p" | tail -n 1
}
