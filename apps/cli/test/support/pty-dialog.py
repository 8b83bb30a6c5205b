"""Run a command on a pseudo-terminal and hold a dialog with it.

Usage: pty-dialog.py DIALOG_JSON COMMAND [ARG...]

DIALOG_JSON is a list of [prompt, answer] pairs: once the terminal has shown `prompt`
(after what the previous answer matched), `answer` is typed. Typing after the prompt
(not ahead) is what lets a test see whether the terminal echoes the keys. Prints one JSON
object {"status": exit status, "output": everything the terminal showed}.
"""

import json
import os
import pty
import select
import signal
import sys
import time


def main() -> None:
    dialog = json.loads(sys.argv[1])
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(sys.argv[2], sys.argv[2:])
    shown = b""
    seen = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                block = os.read(master, 65536)
            except OSError:
                break
            if not block:
                break
            shown += block
        if dialog and dialog[0][0].encode() in shown[seen:]:
            seen = shown.index(dialog[0][0].encode(), seen) + len(dialog[0][0])
            os.write(master, dialog.pop(0)[1].encode())
    if time.monotonic() >= deadline:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    print(json.dumps({"status": os.waitstatus_to_exitcode(status), "output": shown.decode("utf8", "replace"), "unanswered": dialog}))


main()
