#!/usr/bin/env python3
"""docs/editors.md's setups for Helix and Kate parse and start `draft lsp` (issue 23).
Neither editor can run here (Helix is not in Debian 12; Kate needs a desktop session), so
this is what can be checked of them: a snippet that does not parse, or names another
command, is a setup that cannot work."""
import json
import re
import sys
import tomllib


def snippet(readme, heading, lang):
    """The first fenced block of `lang` after the section `heading`."""
    at = readme.index("## " + heading + "\n")
    m = re.compile(r"```" + lang + r"\n(.*?)```", re.S).search(readme, at)
    return m.group(1)


def main():
    readme = open(sys.argv[1] + "/docs/editors.md", encoding="utf-8").read()
    checks = []
    try:
        helix = tomllib.loads(snippet(readme, "Helix", "toml"))
        server = helix["language-server"]["draftd"]
        uses = [lang["name"] for lang in helix["language"] if "draftd" in lang["language-servers"]]
        checks.append((server["command"] == "draft" and server["args"] == ["lsp"] and "markdown" in uses,
                       "Helix languages.toml parses and runs draft lsp for " + ", ".join(uses)))
    except Exception as e:  # noqa: BLE001 - any failure is the finding
        checks.append((False, "Helix languages.toml: %r" % e))
    try:
        kate = json.loads(snippet(readme, "Kate", "json"))["servers"]
        checks.append((all(s["command"] == ["draft", "lsp"] and s["highlightingModeRegex"] for s in kate.values())
                       and "markdown" in kate, "Kate settings.json parses and runs draft lsp for " + ", ".join(kate)))
    except Exception as e:  # noqa: BLE001
        checks.append((False, "Kate settings.json: %r" % e))
    for i, (ok, what) in enumerate(checks, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
    print("1..%d" % len(checks))
    return 0 if all(ok for ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
