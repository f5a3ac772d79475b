#!/usr/bin/env python3
"""Origins that misbehave on purpose, for the media probe tests. Loopback only.

usage: misbehaving_origin.py PORT MEDIA_DIR
Every path is counted; GET /_hits?path=/x answers how many requests /x got.
"""
import gzip
import http.server
import socket
import struct
import sys
import threading
import time
import urllib.parse

PORT = int(sys.argv[1])
MEDIA = sys.argv[2]
JPEG = open(f"{MEDIA}/image.jpg", "rb").read()
HITS = {}
LOCK = threading.Lock()
WAITING = {}  # group -> {"now": n, "max": n}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if "Content-Length" not in (headers or {}):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        with LOCK:
            HITS[url.path] = HITS.get(url.path, 0) + 1
        route = getattr(self, "route_" + url.path.strip("/").split("/")[0].replace("-", "_"), None)
        if route is None:
            return self.send(404, b"no such route")
        return route(query)

    def route__hits(self, query):
        with LOCK:
            count = HITS.get(query["path"][0], 0)
        self.send(200, str(count).encode(), {"Content-Type": "text/plain"})

    def route_jpeg(self, query):
        """A good JPEG, with optional Cache-Control (?cc=...), Content-Type (?ct=...) and delay (?ms=...)."""
        time.sleep(int(query.get("ms", ["0"])[0]) / 1000)
        headers = {"Content-Type": query.get("ct", ["image/jpeg"])[0]}
        if "cc" in query:
            headers["Cache-Control"] = query["cc"][0]
        self.send(200, JPEG, headers)

    def route_negotiated(self, query):
        """A JPEG when the request's Accept is ?want= (image/webp unless given), else 406: a
        content-negotiating CDN, which answers by the Accept header the client sends."""
        want = query.get("want", ["image/webp"])[0]
        if self.headers.get("Accept") != want:
            return self.send(406, b"not acceptable", {"Content-Type": "text/plain", "Vary": "Accept"})
        self.send(200, JPEG, {"Content-Type": "image/jpeg", "Vary": "Accept"})

    def route_wait(self, query):
        """Waits ?ms= before answering a small JPEG: a slow but healthy origin.
        GET /_waiting answers the most requests it ever held at once."""
        group = query.get("group", ["default"])[0]
        with LOCK:
            counts = WAITING.setdefault(group, {"now": 0, "max": 0})
            counts["now"] += 1
            counts["max"] = max(counts["max"], counts["now"])
        try:
            self.route_jpeg(query)
        finally:
            with LOCK:
                counts["now"] -= 1

    def route__waiting(self, query):
        """The most requests of ?group= the origin held at once."""
        with LOCK:
            counts = WAITING.get(query.get("group", ["default"])[0], {"max": 0})
            body = str(counts["max"]).encode()
        self.send(200, body, {"Content-Type": "text/plain"})

    def route_drip(self, query):
        """Announces 100000 bytes and sends them slower than any low-speed limit."""
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        try:
            self.wfile.write(JPEG[:16])
            for _ in range(600):
                time.sleep(0.1)
                self.wfile.write(b"\x00")
                self.wfile.flush()
        except OSError:
            pass
        self.close_connection = True

    def route_short(self, query):
        """Announces more bytes than it sends, then closes."""
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(JPEG) + 50000))
        self.end_headers()
        self.wfile.write(JPEG)
        self.wfile.flush()
        self.close_connection = True

    def route_endless(self, query):
        """A chunked JPEG that never ends."""
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"\x00" * 65536
        try:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(JPEG), JPEG))
            for _ in range(100000):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:
            pass
        self.close_connection = True

    def route_loop(self, query):
        self.send(302, b"", {"Location": "/loop"})

    def route_to_metadata(self, query):
        self.send(302, b"", {"Location": "http://169.254.169.254/latest/meta-data/"})

    def route_to_private(self, query):
        self.send(302, b"", {"Location": "http://10.0.0.1/a.jpg"})

    def route_to_ftp(self, query):
        self.send(302, b"", {"Location": "ftp://127.0.0.1/a.jpg"})

    def route_html200(self, query):
        page = b"<!DOCTYPE html><html><body><h1>Something went wrong</h1></body></html>"
        self.send(200, page, {"Content-Type": "image/jpeg"})

    def route_reset(self, query):
        """Sends half of the body, then resets the connection."""
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(JPEG)))
        self.end_headers()
        self.wfile.write(JPEG[: len(JPEG) // 2])
        self.wfile.flush()
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()
        self.close_connection = True

    def route_gzip(self, query):
        """A gzip body although the request asked for no encoding."""
        body = gzip.compress(JPEG)
        self.send(200, body, {"Content-Type": "image/jpeg", "Content-Encoding": "gzip"})

    def route_tegzip(self, query):
        """The JPEG with Transfer-Encoding: gzip, chunked (a transfer coding libcurl would decode)."""
        body = gzip.compress(JPEG)
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Transfer-Encoding", "gzip, chunked")
        self.end_headers()
        self.wfile.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        self.close_connection = True

    def route_garbage(self, query):
        """Not HTTP: a status line no client can read."""
        self.wfile.write(b"XTTP/9.9 OK OK\r\nwhatever\r\n\r\nnot a response")
        self.wfile.flush()
        self.close_connection = True

    def route_slowmoov(self, query):
        """An MP4 whose moov box (?bytes= long) arrives over ?ms= milliseconds in ten pieces, fast
        enough for any low-speed limit: a download that keeps its moov while it lasts."""
        size = int(query.get("bytes", ["40000"])[0])
        ms = int(query.get("ms", ["0"])[0])
        ftyp = struct.pack(">I", 20) + b"ftypisom" + b"\0\0\2\0" + b"isom"
        moov = struct.pack(">I", size) + b"moov" + struct.pack(">I", size - 8) + b"free" + bytes(size - 16)
        self.send_response(200)
        self.send_header("Content-Type", "video/mp4")
        self.send_header("Content-Length", str(len(ftyp) + len(moov)))
        self.end_headers()
        try:
            self.wfile.write(ftyp + moov[:64])
            self.wfile.flush()
            rest = moov[64:]
            piece = -(-len(rest) // 10)
            for index in range(10):
                time.sleep(ms / 10000)
                self.wfile.write(rest[index * piece : (index + 1) * piece])
                self.wfile.flush()
        except OSError:
            pass

    def route_status(self, query):
        code = int(query.get("code", ["500"])[0])
        self.send(code, b"status page", {"Content-Type": "text/plain"})

    def route_empty(self, query):
        self.send(200, b"", {"Content-Type": "image/jpeg"})


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 2048


if __name__ == "__main__":
    server = Server(("127.0.0.1", PORT), Handler)
    print(f"misbehaving origin on 127.0.0.1:{PORT}", flush=True)
    server.serve_forever()
