#!/usr/bin/env python3
"""Writes the finding codes of the README's catalog (which CatalogTests keeps equal to the
engine's) into openapi.json as the enum of Finding.code. `make openapi` runs it; the test
OpenAPICodesTests fails when the two differ."""
import json, pathlib, re

root = pathlib.Path(__file__).resolve().parent.parent
readme = (root / "README.md").read_text()
table = readme.split("<!-- catalog:begin -->")[1].split("<!-- catalog:end -->")[0]
codes = re.findall(r"^\| `([a-z0-9.-]+)` \|", table, re.M)
path = root / "Sources/PreflightService/Resources/openapi.json"
document = json.loads(path.read_text())
code = document["components"]["schemas"]["Finding"]["properties"]["code"]
code.pop("pattern", None)
code["enum"] = codes
code["description"] = "A stable code from the README's findings catalog (generated from it by scripts/openapi-codes.py)."
path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
print(f"{len(codes)} finding codes in openapi.json")
