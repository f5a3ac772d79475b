#!/usr/bin/env bash
# Makes the DER certificates the certificate reader's unit tests read (CertificateTests) and the
# certificate fuzzer starts from (Fuzz/corpus/certificate). Run it again to remake them; the keys are
# thrown away. Each file is what `openssl` writes, so the tests read real encodings.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
q() { "$@" > /dev/null 2>&1 || { echo "certificate step failed: $*" >&2; "$@"; exit 1; }; }
der() { q openssl x509 -in "$1.pem" -outform DER -out "$here/$1.der"; }

# A root CA (self-signed, CA:TRUE) and a leaf it signs with every field the reader names.
q openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 3650 -sha256 \
  -subj "/C=DE/O=Preflight Tests/CN=Preflight Test Root" -addext "basicConstraints=critical,CA:TRUE"
q openssl req -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj "/O=Preflight Tests/CN=media.test"
cat > leaf.ext <<'EXT'
subjectAltName=DNS:media.test,DNS:*.cdn.test,IP:127.0.0.1,IP:::1
extendedKeyUsage=serverAuth,clientAuth
basicConstraints=CA:FALSE
EXT
# 10000 days: the notAfter falls after 2049, so it is a GeneralizedTime (RFC 5280 4.1.2.5).
q openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out rsa-leaf.pem -days 10000 \
  -sha256 -extfile leaf.ext
der ca
der rsa-leaf
# EC P-256 and P-384, Ed25519, self-signed, each with a SAN and no EKU.
q openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout p256.key -out ec-p256.pem \
  -days 30 -sha256 -subj "/CN=p256.test" -addext "subjectAltName=DNS:p256.test"
q openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:secp384r1 -nodes -keyout p384.key -out ec-p384.pem \
  -days 30 -sha384 -subj "/CN=p384.test" -addext "subjectAltName=DNS:p384.test"
q openssl req -x509 -newkey ed25519 -nodes -keyout ed.key -out ed25519.pem -days 30 -subj "/CN=ed25519.test"
der ec-p256
der ec-p384
der ed25519
# RSA 1024 signed with SHA-1; a name only in the CommonName (no extensions at all).
q openssl req -x509 -newkey rsa:1024 -nodes -keyout weak.key -out rsa1024-sha1.pem -days 30 -sha1 \
  -subj "/CN=weak.test" -addext "subjectAltName=DNS:weak.test"
q openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out cn-only.pem -days 30 -sha256
der rsa1024-sha1
der cn-only
# RSA-PSS signatures: SHA-384 over the CA's key.
q openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out pss-sha384.pem -days 30 \
  -sha384 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:48 -extfile leaf.ext
der pss-sha384
mkdir -p "$here/../../Fuzz/corpus/certificate"
cp "$here"/*.der "$here/../../Fuzz/corpus/certificate/"
echo "certificates written to $here"
