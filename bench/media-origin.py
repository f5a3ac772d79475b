#!/usr/bin/env python3
"""Serves one small JPEG (640 x 480, 2 KB) at any path of http://127.0.0.1:PORT/, for the
measurements of a cache hit that run without the test origins (bench/process/instructions.sh,
scripts/bolt.sh). Prints the port it listens on (PORT, or one the kernel picks with 0), then
serves until it is stopped.

    python3 bench/media-origin.py [PORT]
"""
import http.server
import sys

# SOI, a JFIF APP0 segment, a baseline frame header (SOF0: 8 bits, 480 x 640, three
# components), 2,000 bytes of scan, EOI: the image header the media rules read, no picture.
JPEG = (
    bytes.fromhex("ffd8" "ffe000104a46494600010100000100010000" "ffc0001108" "01e0" "0280" "03012200021101031101")
    + bytes(2000)
    + bytes.fromhex("ffd9")
)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(JPEG)))
        self.end_headers()
        self.wfile.write(JPEG)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
