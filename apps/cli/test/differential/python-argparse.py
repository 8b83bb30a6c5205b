"""Parse command lines with the Python debusine CLI's own argparse parser.

Run inside the real server's chroot (python3 with debusine-client). Reads a JSON list of
argument lists on stdin; prints one JSON line per list: the exit status argparse gives
(0 for success or --help, 2 for a usage error), and on success the values that differ
from their defaults (options by long option string; positionals in order). Or prints the
parser's commands, options and positionals instead.
"""

import argparse
import contextlib
import io
import json
import sys

from debusine.client.cli import Cli

SKIPPED = (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)


def leaf_parser(parser, words):
    """The parser of the (sub)command the words name, and the words it takes."""
    for index, word in enumerate(words):
        subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if subparsers and word in subparsers[0].choices:
            parser = subparsers[0].choices[word]
    return parser


def plain(value):
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def parse(parser, argv):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            namespace = parser.parse_args(argv)
    except SystemExit as exit:
        return {"status": exit.code or 0, "help": out.getvalue() != ""}
    leaf = leaf_parser(parser, [w for w in argv if not w.startswith("-")])
    options, positionals = {}, []
    for action in parser._actions + leaf._actions:
        if isinstance(action, SKIPPED) or action.dest == "yaml" and action not in leaf._actions:
            continue
        value = getattr(namespace, action.dest, None)
        if action.option_strings:
            if value != action.default:
                name = next((s for s in action.option_strings if s.startswith("--")), action.option_strings[0])
                options[name] = True if isinstance(action, (argparse._StoreTrueAction, argparse._StoreFalseAction)) else plain(value)
        elif value not in (None, []):
            positionals.append(plain(value))
    return {"status": 0, "options": options, "positionals": positionals}


def dump(parser, path, commands):
    subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if subparsers:
        for name, sub in subparsers[0].choices.items():
            dump(sub, path + [name], commands)
        return
    actions = []
    for action in parser._actions:
        if isinstance(action, SKIPPED):
            continue
        actions.append({
            "strings": action.option_strings,
            "dest": action.dest,
            "nargs": action.nargs,
            "type": getattr(action.type, "__name__", None),
            "choices": [str(c) for c in action.choices] if action.choices else None,
            "required": action.required,
            "flag": isinstance(action, (argparse._StoreTrueAction, argparse._StoreFalseAction)),
            "append": isinstance(action, argparse._AppendAction),
        })
    commands.append({"path": path, "actions": actions})


def build_parser():
    """The Python CLI's parser; 0.11.3 builds it inside Cli._parse_args, caught here."""
    if hasattr(Cli, "build_argument_parser"):
        return Cli.build_argument_parser()
    caught = []
    original = argparse.ArgumentParser.parse_args
    argparse.ArgumentParser.parse_args = lambda self, *a, **k: caught.append(self) or argparse.Namespace()
    try:
        Cli([])._parse_args()
    finally:
        argparse.ArgumentParser.parse_args = original
    return caught[0]


def main():
    sys.argv = ["debusine"]
    parser = build_parser()
    request = json.load(sys.stdin)
    if request.get("dump"):
        commands = []
        dump(parser, [], commands)
        print(json.dumps(commands))
        return
    for argv in request["argvs"]:
        print(json.dumps(parse(parser, argv)))


main()
