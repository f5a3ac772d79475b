#!/usr/bin/env bash
# Makes the media fixtures and the TLS material the origin tests serve, in $1.
# Every file is generated here with Debian tools (ImageMagick, ffmpeg, sox, openssl) or Python.
set -euo pipefail
out=$1
mkdir -p "$out/media" "$out/tls"
cd "$out/media"
q() { "$@" > /dev/null 2>&1 || { echo "fixture step failed: $*" >&2; "$@"; exit 1; }; }

# Images iOS attaches.
q convert -size 640x480 gradient:red-blue image.jpg
q convert -size 320x200 gradient:green-yellow image.png
q convert -delay 10 -size 48x32 xc:red xc:green xc:blue -loop 0 image.gif
q convert -size 5000x4000 xc:white huge.png
q ffmpeg -y -f lavfi -i testsrc=size=64x48:rate=10 -t 0.4 -plays 0 -f apng animated.png
# Images it does not.
q convert -size 64x64 xc:orange image.webp
q convert -size 64x64 xc:orange image.heic
q convert -size 64x64 xc:orange image.avif
q convert -size 64x64 xc:orange image.bmp
q convert -size 64x64 xc:orange image.tiff
printf '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n' > image.svg
printf '<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body>Not Found</body></html>\n' > error.html
printf '{"error":"not found"}\n' > error.json

# Audio.
q sox -n -r 22050 -c 1 sound.wav synth 0.5 sine 440
q sox -n -r 22050 -c 1 sound.aiff synth 0.5 sine 440
q ffmpeg -y -f lavfi -i sine=frequency=440:duration=0.5 -c:a libmp3lame -b:a 64k sound.mp3
q ffmpeg -y -f lavfi -i sine=frequency=440:duration=0.5 -c:a aac -b:a 64k -f ipod sound.m4a
q ffmpeg -y -f lavfi -i sine=frequency=440:duration=0.5 -c:a libvorbis sound.ogg
q ffmpeg -y -f lavfi -i sine=frequency=440:duration=0.5 -c:a flac sound.flac
q ffmpeg -y -f lavfi -i sine=frequency=440:duration=0.5 -write_id3v2 0 -c:a libmp3lame -b:a 64k -f mp3 raw-frames.mp3

# Video.
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -t 0.5 -c:v libx264 -pix_fmt yuv420p video.mp4
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -t 0.5 -c:v libx264 -pix_fmt yuv420p -f mov video.mov
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=25 -t 0.5 -c:v mpeg1video -f mpeg video.mpg
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=25 -t 0.5 -c:v mpeg2video -f mpeg2video video.m2v
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -t 0.5 -c:v mpeg4 -f avi video.avi
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -t 0.5 -c:v libvpx -f webm video.webm
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -t 0.5 -c:v libx264 -pix_fmt yuv420p -f matroska video.mkv

# MPEG-4 files by codec, for the box reader and the differential test against ffprobe
# (Tests/PreflightServiceTests/MovieTests.swift): what encoders write, good and bad.
mkdir -p codecs
v() { q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -t 1 "$@"; }
a() { q ffmpeg -y -f lavfi -i sine=frequency=440:duration=1 "$@"; }
v -c:v libx264 -profile:v main -pix_fmt yuv420p codecs/h264-main.mp4
v -c:v libx264 -profile:v high -pix_fmt yuv420p -movflags +faststart codecs/h264-high-faststart.mp4
v -c:v libx264 -pix_fmt yuv444p codecs/h264-high444.mp4
v -c:v libx264 -pix_fmt yuv420p10le codecs/h264-high10.mp4
v -c:v libx264 -pix_fmt yuv422p codecs/h264-high422.mp4
v -c:v libx265 -pix_fmt yuv420p -x265-params log-level=none codecs/hevc-hev1.mp4
v -c:v libx265 -pix_fmt yuv420p -x265-params log-level=none -tag:v hvc1 codecs/hevc-hvc1.mp4
v -c:v libvpx-vp9 -pix_fmt yuv420p -b:v 100k codecs/vp9.mp4
v -c:v libsvtav1 -pix_fmt yuv420p -preset 12 codecs/av1.mp4
v -c:v mpeg4 codecs/mpeg4-part2.mp4
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -f lavfi -i sine=frequency=440 -t 1 -c:v libx264 \
  -pix_fmt yuv420p -c:a libopus codecs/h264-opus.mp4
a -c:a aac -f ipod codecs/aac-m4a-brand.m4a
a -c:a aac -f mp4 codecs/aac-isom-brand.m4a
a -c:a libopus -f mp4 codecs/opus.m4a
a -c:a flac -strict -2 -f mp4 codecs/flac.m4a
a -c:a libvorbis -strict -2 -f mp4 codecs/vorbis.m4a
a -c:a alac -f ipod codecs/alac.m4a

# Broken, empty and oversized files; a copy without an extension.
python3 - <<'PY'
import struct
jpeg = open("image.jpg", "rb").read()
open("corrupt.png", "wb").write(b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dJUNK" + b"\x00" * 64)
open("corrupt.jpg", "wb").write(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x42" * 200)
open("empty.jpg", "wb").write(b"")
open("photo", "wb").write(jpeg)
# The same JPEG led by an Exif APP1 segment (FF D8 FF E1), as cameras write it.
open("photo-exif", "wb").write(jpeg[:2] + b"\xff\xe1\x00\x08Exif\x00\x00" + jpeg[2:])
# Trailing bytes after a JPEG's end marker keep it a JPEG: 10 MiB + 1 byte in all.
open("big.jpg", "wb").write(jpeg + b"\x00" * (10 * 1048576 + 1 - len(jpeg)))
open("bench-10mb.jpg", "wb").write(jpeg + b"\x00" * (10 * 1000 * 1000 - len(jpeg)))
mp3 = open("sound.mp3", "rb").read()
open("big.mp3", "wb").write(mp3 + b"\x00" * (5 * 1048576 + 1 - len(mp3)))
# An MP4 grows with a trailing 'free' box, which players skip.
mp4 = open("video.mp4", "rb").read()
def padded_mp4(size):
    pad = size - len(mp4)
    return mp4 + struct.pack(">I", pad) + b"free" + b"\x00" * (pad - 8)
open("big.mp4", "wb").write(padded_mp4(50 * 1048576 + 1))
# Under the video limit but over an extension's 24 MiB of memory.
open("medium.mp4", "wb").write(padded_mp4(30 * 1048576))
open("bench-50mb.mp4", "wb").write(padded_mp4(50 * 1000 * 1000))
# Between the decimal and the binary limits: 10,000,001 bytes of JPEG.
open("near.jpg", "wb").write(jpeg + b"\x00" * (10 * 1000 * 1000 + 1 - len(jpeg)))
# A body cut before its moov box: the ftyp and mdat of an MP4 whose index is at the end.
def boxes(data):
    at = 0
    while at + 8 <= len(data):
        size = struct.unpack(">I", data[at:at + 4])[0]
        yield data[at + 4:at + 8], data[at:at + size]
        at += size
main = open("codecs/h264-main.mp4", "rb").read()
parts = list(boxes(main))
assert [t for t, _ in parts][-1] == b"moov", [t for t, _ in parts]
open("codecs/no-moov.mp4", "wb").write(b"".join(box for t, box in parts if t != b"moov"))
# A moov box over 8 MiB (a padding box inside it), after 1 KB of mdat.
moov = dict(parts)[b"moov"]
pad = 9 * 1048576
big_moov = struct.pack(">I", len(moov) + pad) + b"moov" + moov[8:] + struct.pack(">I", pad) + b"free" + b"\x00" * (pad - 8)
open("codecs/moov-9mib.mp4", "wb").write(dict(parts)[b"ftyp"] + struct.pack(">I", 1024 + 8) + b"mdat" + b"\x00" * 1024 + big_moov)
# 45 MB of mdat and the moov at the end, for the memory bench (bench/media/media.sh).
mdat = 45 * 1000 * 1000
open("movie-45mb-moov-last.mp4", "wb").write(dict(parts)[b"ftyp"] + struct.pack(">I", mdat + 8) + b"mdat" + b"\x00" * mdat + moov)
PY

# TLS: a CA, certificates for media.test and pss.test signed by it, and a self-signed one.
cd "$out/tls"
q openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=Preflight Test CA"
q openssl req -newkey rsa:2048 -nodes -keyout media.key -out media.csr -subj "/CN=media.test"
printf 'subjectAltName=DNS:media.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > media.ext
q openssl x509 -req -in media.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out media.pem -days 2 -extfile media.ext
# pss.test: signed by the CA with RSA-PSS over SHA-256 (its algorithm's name carries no hash).
q openssl req -newkey rsa:2048 -nodes -keyout pss.key -out pss.csr -subj "/CN=pss.test"
printf 'subjectAltName=DNS:pss.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > pss.ext
q openssl x509 -req -in pss.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out pss.pem -days 2 -extfile pss.ext \
  -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32
q openssl req -x509 -newkey rsa:2048 -nodes -keyout self.key -out self.pem -days 2 -subj "/CN=selfsigned.test" \
  -addext "subjectAltName=DNS:selfsigned.test" -addext "extendedKeyUsage=serverAuth"

# IOS trust rules, TrustRules: leaves and intermediates for the CA above, each breaking one of
# Apple's rules (support.apple.com/103769 and /102028), served by name on the https port.
trust_leaf() { # NAME DAYS EXTENSIONS [CA]
  local ca=${4:-ca}
  q openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "/CN=$1"
  printf '%b' "$3" > "$1.ext"
  q openssl x509 -req -in "$1.csr" -CA "$ca.pem" -CAkey "$ca.key" -CAcreateserial -out "$1.pem" -days "$2" -sha256 \
    -extfile "$1.ext"
}
good='basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n'
trust_leaf cn-only.test 2 'basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n'
trust_leaf no-eku.test 2 'subjectAltName=DNS:no-eku.test\nbasicConstraints=CA:FALSE\n'
trust_leaf days400.test 400 "subjectAltName=DNS:days400.test\n$good"
trust_leaf days830.test 830 "subjectAltName=DNS:days830.test\n$good"
# Intermediates: RSA 1024 (signed with SHA-256), and RSA 2048 signed with SHA-1. Each leaf's file
# holds the leaf and its intermediate, the chain nginx sends.
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' > intermediate.ext
q openssl req -newkey rsa:1024 -nodes -keyout rsa1024-ca.key -out rsa1024-ca.csr -subj "/CN=Preflight RSA-1024 Intermediate"
q openssl x509 -req -in rsa1024-ca.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out rsa1024-ca.pem -days 2 -sha256 \
  -extfile intermediate.ext
q openssl req -newkey rsa:2048 -nodes -keyout sha1-ca.key -out sha1-ca.csr -subj "/CN=Preflight SHA-1 Intermediate"
q openssl x509 -req -in sha1-ca.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out sha1-ca.pem -days 2 -sha1 \
  -extfile intermediate.ext
trust_leaf rsa1024-ca.test 2 "subjectAltName=DNS:rsa1024-ca.test\n$good" rsa1024-ca
trust_leaf sha1-ca.test 2 "subjectAltName=DNS:sha1-ca.test\n$good" sha1-ca
cat rsa1024-ca.test.pem rsa1024-ca.pem > rsa1024-ca.test.chain.pem
cat sha1-ca.test.pem sha1-ca.pem > sha1-ca.test.chain.pem
# nginx loads these chains only at OpenSSL security level 0 (at Debian's default it refuses the
# weak intermediates itself); with-origins.sh starts it with this file as OPENSSL_CONF.
cat > openssl-seclevel0.cnf <<'CNF'
openssl_conf = preflight_init
[preflight_init]
ssl_conf = preflight_ssl
[preflight_ssl]
system_default = preflight_defaults
[preflight_defaults]
CipherString = DEFAULT@SECLEVEL=0
CNF

# Codec rows, Apple's HLS Authoring Specification: one MPEG-4 file per row of the codec
# table in docs/api.md, each checked against ffprobe by Tests/PreflightServiceTests/MovieTests.swift.
cd "$out/media"
v -c:v libx264 -profile:v high -level:v 5.2 -pix_fmt yuv420p codecs/h264-high-l52.mp4
v -c:v libx264 -profile:v high -level:v 6.0 -pix_fmt yuv420p codecs/h264-high-l60.mp4
v -c:v libx264 -profile:v high -level:v 6.2 -pix_fmt yuv420p codecs/h264-high-l62.mp4
v -c:v libx264 -profile:v high -pix_fmt yuv420p -tag:v avc3 codecs/h264-avc3.mp4
v -c:v libx265 -pix_fmt yuv420p -x265-params log-level=none -tag:v hvc1 codecs/hevc-main.mp4
v -c:v libx265 -pix_fmt yuv420p10le -x265-params log-level=none -tag:v hvc1 codecs/hevc-main10.mp4
v -c:v libx265 -pix_fmt yuv420p12le -x265-params log-level=none -tag:v hvc1 codecs/hevc-main12.mp4
v -c:v libx265 -pix_fmt yuv444p -x265-params log-level=none -tag:v hvc1 codecs/hevc-rext444.mp4
v -c:v libx265 -pix_fmt yuv420p -x265-params log-level=none:level-idc=6.2 -tag:v hvc1 codecs/hevc-l62.mp4
# xHE-AAC: no encoder here writes USAC (ffmpeg has none), so an AAC file's AudioSpecificConfig is
# replaced by one of audioObjectType 42 (ISO/IEC 14496-3 1.6.2.1) with a minimal UsacConfig
# (ISO/IEC 23003-3 5.2): the sample entry is xHE-AAC's, the samples stay AAC-LC frames (the box
# reader reads only the entry; ffprobe 5.1 refuses the stream: "Audio object type 42 is not implemented").
a -c:a aac -f mp4 codecs/aac-for-xhe.m4a
python3 - <<'PY'
import struct
def boxes(data, start, end):
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, at, size
        at += size
def find(data, path, start, end):
    for kind, at, size in boxes(data, start, end):
        if kind == path[0]:
            if len(path) == 1:
                return [at]
            skip = {b"stsd": 8, b"mp4a": 28}.get(kind, 0)
            rest = find(data, path[1:], at + 8 + skip, at + size)
            return [at] + rest if rest else None
    return None
data = bytearray(open("codecs/aac-for-xhe.m4a", "rb").read())
path = find(data, [b"moov", b"trak", b"mdia", b"minf", b"stbl", b"stsd", b"mp4a", b"esds"], 0, len(data))
assert path and data.find(b"mdat") < path[0], "moov must follow mdat: the chunk offsets are not moved"
esds = path[-1]
dsi = data.find(b"\x05\x80\x80\x80", esds)  # ffmpeg writes descriptor sizes in 4 bytes
old = data[dsi + 4]
bits = "11111" + "001010" + "0100" + "0001"  # object type 31 + 10 = 42, 44.1 kHz, mono
bits += "00100" + "001" + "00001" + "0000" + "00" + "0" + "0" + "0"  # UsacConfig: 1 SCE, no SBR, no extension
bits += "0" * (-len(bits) % 8)
asc = int(bits, 2).to_bytes(len(bits) // 8, "big")
delta = len(asc) - old
data[dsi + 4:dsi + 5 + old] = bytes([len(asc)]) + asc
for tag in (b"\x03", b"\x04"):  # ES_Descriptor, DecoderConfigDescriptor
    at = data.find(tag + b"\x80\x80\x80", esds)
    data[at + 4] += delta
for at in path:
    data[at:at + 4] = struct.pack(">I", struct.unpack(">I", data[at:at + 4])[0] + delta)
open("codecs/xhe-aac.m4a", "wb").write(data)
PY
rm codecs/aac-for-xhe.m4a

# Attachment typing: an M4V (major brand `M4V `, ffmpeg's ipod muxer), AIFF-C (FORM type
# AIFC, sox) under `.aifc` and under an AIFF name.
cd "$out/media"
q ffmpeg -y -f lavfi -i testsrc=size=160x120:rate=10 -t 0.5 -c:v libx264 -pix_fmt yuv420p -f ipod clip.m4v
q sox -n -r 22050 -c 1 sound.aifc synth 0.5 sine 440
q sox -n -r 22050 -c 1 -t aifc sound-aifc.aiff synth 0.5 sine 440

# ATS as the extension's Info.plist sets it: one certificate for the exception-domain
# matrix's hosts, signed by the test CA.
cd "$out/tls"
q openssl req -newkey rsa:2048 -nodes -keyout ats.key -out ats.csr -subj "/CN=ats.test"
printf 'subjectAltName=DNS:ats.test,DNS:sub.ats.test,DNS:deep.sub.ats.test,DNS:other.test\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > ats.ext
q openssl x509 -req -in ats.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out ats.pem -days 2 -extfile ats.ext
echo "fixtures ready in $out"
