#!/bin/sh
# Generates the sandbox PAC's certificate and key. SANDBOX TEST MATERIAL, NOT A SAT CERTIFICATE:
# documents stamped with it have no fiscal validity. Run once; the output is committed so every
# install signs with the same key (stamps stay verifiable across restarts).
#
# SAT's NoCertificado is the X.509 serial read as ASCII digits, so the serial below is the hex of
# the 20-character string 30001000000500099999.
set -eu
cd "$(dirname "$0")"
NO_CERTIFICADO=30001000000500099999
SERIAL=$(printf '%s' "$NO_CERTIFICADO" | od -An -tx1 | tr -d ' \n')
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 \
  -set_serial "0x$SERIAL" \
  -subj "/CN=PAC SANDBOX - SIN VALIDEZ FISCAL/O=PAC SANDBOX - SIN VALIDEZ FISCAL/x500UniqueIdentifier=SBX260101SB1 \/ SIN VALIDEZ FISCAL/serialNumber=SBX260101SB1/OU=Sandbox" \
  -keyout sandbox-pac.key.pem -outform DER -out sandbox-pac.cer
openssl x509 -inform DER -in sandbox-pac.cer -noout -serial -subject -dates
