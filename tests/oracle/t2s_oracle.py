"""Simplified Chinese by OpenCC (t2s) of every line of a JSON Lines file of strings, one JSON
string per line on stdout (tests/names_oracle.rs)."""
import json
import sys

import opencc

convert = opencc.OpenCC("t2s")
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        print(json.dumps(convert.convert(json.loads(line)), ensure_ascii=False))
