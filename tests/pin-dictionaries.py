#!/usr/bin/env python3
"""Links the test suite's own set of Hunspell dictionaries into one folder (DRAFTD_DICT_PATH in
tests/meson.build), so that what correction does in a test does not depend on which other
dictionaries the machine has installed (a French text once became Spanish where hunspell-es
was). The set is what tools/setup-debian.sh --tests installs. usage: pin-dictionaries.py OUT"""
import os
import sys

PINNED = ["en_US", "en_GB", "fr_FR", "de_DE", "es_ES", "ca", "pt_PT", "pt_BR", "uk_UA", "ru_RU", "cs_CZ", "sk_SK",
          "pl_PL", "da_DK", "sv_SE", "nb_NO"]
SOURCE = "/usr/share/hunspell"

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name in os.listdir(out):
    os.unlink(os.path.join(out, name))
for name in PINNED:
    for ext in (".aff", ".dic"):
        src = os.path.join(SOURCE, name + ext)
        if os.path.exists(src):
            os.symlink(os.path.realpath(src), os.path.join(out, name + ext))
