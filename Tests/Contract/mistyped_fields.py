"""Every field the request schema of POST /v1/preflight types, given a value of another type in
the documented example of its format, is refused: answered 422 (a fail verdict), never 200.
schemathesis' negative_data_rejection finds one such field by chance; this walks all of them.

usage: python3 Tests/Contract/mistyped_fields.py PORT  (openapi.json read from the checkout)
"""

import copy
import json
import sys
import urllib.error
import urllib.request

DOCUMENT = "Sources/PreflightService/Resources/openapi.json"
# Each example of the request body, and the schema of its format.
FORMATS = {
    "fcm": "FCMMessage",
    "onesignal": "OneSignalNotification",
    "airship": "AirshipPush",
    "braze": "BrazeSend",
    "expo": "ExpoPushMessage",
}
MAX_DEPTH = 4


def resolve(schemas, schema):
    while "$ref" in schema:
        schema = schemas[schema["$ref"].split("/")[-1]]
    return schema


def mistyped(schemas, schema):
    """A value the schema refuses by its type or enum, or None when every JSON type is allowed."""
    schema = resolve(schemas, schema)
    if "enum" in schema:
        return "not-one-of-the-enum"
    if "oneOf" in schema:
        types = {resolve(schemas, choice).get("type") for choice in schema["oneOf"]}
    elif "type" in schema:
        types = {schema["type"]}
    else:
        return None
    for value, kinds in (("x", {"string"}), (12345, {"number", "integer"}), (True, {"boolean"})):
        if not types & kinds:
            return value
    return None


def fields(schemas, schema, path, depth=0):
    """(path, schema) of every property, and of the first element of every array, to MAX_DEPTH."""
    schema = resolve(schemas, schema)
    if depth > MAX_DEPTH:
        return
    for name, child in (schema.get("properties") or {}).items():
        yield path + [name], child
        yield from fields(schemas, child, path + [name], depth + 1)
        element = resolve(schemas, child)
        if element.get("type") == "array" and "items" in element:
            yield path + [name, 0], element["items"]
            yield from fields(schemas, element["items"], path + [name, 0], depth + 1)


def place(body, path, value):
    """Sets path in body, making the objects and arrays on the way."""
    node = body
    for step, following in zip(path, path[1:]):
        if isinstance(step, int):
            if not node:
                node.append([] if isinstance(following, int) else {})
            node = node[0]
            continue
        kind = list if isinstance(following, int) else dict
        if not isinstance(node.get(step), kind):
            node[step] = kind()
        node = node[step]
    if isinstance(path[-1], int):
        node[:1] = [value]
    else:
        node[path[-1]] = value


def post(port, body, format_name):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/v1/preflight?fetch=false&format={format_name}",
        data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def main():
    port = int(sys.argv[1])
    document = json.load(open(DOCUMENT))
    schemas = document["components"]["schemas"]
    examples = document["paths"]["/v1/preflight"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    accepted, tried = [], 0
    for format_name, schema_name in FORMATS.items():
        example = examples[format_name]["value"]
        status, _ = post(port, example, format_name)
        if status != 200:
            accepted.append(f"{format_name}: the documented example itself is {status}")
        for path, schema in fields(schemas, schemas[schema_name], []):
            value = mistyped(schemas, schema)
            if value is None:
                continue
            body = copy.deepcopy(example)
            place(body, path, value)
            tried += 1
            status, answer = post(port, body, format_name)
            if status != 422:
                where = ".".join(map(str, path))
                accepted.append(f"{format_name}: {where} = {json.dumps(value)}: {status} {answer[:200]!r}")
    print(f"mistyped fields: {tried} tried, {len(accepted)} not refused")
    for line in accepted:
        print("  " + line)
    # The walk itself is checked too: the five schemas type some 35 fields.
    return 1 if accepted or tried < 30 else 0


if __name__ == "__main__":
    sys.exit(main())
