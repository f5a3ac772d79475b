# Schemathesis hooks for Tests/Contract/run.sh (loaded through SCHEMATHESIS_HOOKS): a body
# strategy for `application/x-ndjson`, POST /v1/preflight/bulk's request media type, which
# schemathesis cannot serialize by itself ("No supported serializers for media types"). A custom
# media type takes a Hypothesis strategy of bytes:
# https://schemathesis.readthedocs.io/en/stable/guides/custom-media-types/
from hypothesis import strategies as st
import schemathesis

# Lines of every kind the route reads: payloads, a batch item, an Expo array, blank and bad lines.
known_lines = st.sampled_from([
    b'{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}',
    b'{"aps":{"alert":{"title":"Sale","body":"half price"}}}',
    b'{"payload":{"aps":{"content-available":1}},"headers":{"apns-push-type":"background"}}',
    b'[{"to":"ExponentPushToken[a]","body":"x"}]',
    b"",
    b"not json",
])


# Named functions, not lambdas: hypothesis describes a lambda by parsing its source, which dies on
# CPython 3.11.7 ("AST constructor recursion depth mismatch", the bug run.sh names).
def one_line(line):
    return line.replace(b"\n", b" ")


def joined(lines):
    return b"\n".join(lines)


any_line = st.binary(max_size=200).map(one_line)
ndjson = st.lists(st.one_of(known_lines, any_line), max_size=20).map(joined)

schemathesis.openapi.media_type("application/x-ndjson", ndjson)
