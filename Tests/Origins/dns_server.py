#!/usr/bin/env python3
"""A loopback DNS server for the tests' network namespace. Loopback only.

usage: dns_server.py ADDRESS PORT
Names under blackhole.test. get no answer at all (a resolver that never answers: the fetch
thread must not wait for it); every other name is answered NXDOMAIN at once, so lookups of
unknown names fail fast as they would on a machine without this server.
"""
import socket
import sys

ADDRESS, PORT = sys.argv[1], int(sys.argv[2])


def question_name(packet):
    """The first question's name, lowercased, from a DNS query (RFC 1035 section 4.1.2)."""
    labels, offset = [], 12
    while offset < len(packet):
        length = packet[offset]
        if length == 0 or length & 0xC0:
            break
        labels.append(packet[offset + 1 : offset + 1 + length].decode("ascii", "replace"))
        offset += 1 + length
    return ".".join(labels).lower(), offset + 5  # the zero label, QTYPE and QCLASS


def main():
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((ADDRESS, PORT))
    while True:
        packet, peer = sock.recvfrom(4096)
        if len(packet) < 12:
            continue
        name, end = question_name(packet)
        if name == "blackhole.test" or name.endswith(".blackhole.test"):
            continue  # swallowed: the client waits until its own timeout
        # Same id, QR=1, opcode and RD copied, RA=1, RCODE=3 (NXDOMAIN), the question echoed.
        flags = bytes([0x80 | (packet[2] & 0x79), 0x80 | 0x03])
        counts = b"\x00\x01\x00\x00\x00\x00\x00\x00"
        sock.sendto(packet[0:2] + flags + counts + packet[12:end], peer)


if __name__ == "__main__":
    main()
