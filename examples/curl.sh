#!/bin/sh
# curl: a signed warrant for a code and a date of service, then the key that verifies it
#
#   API_KEY=... sh curl.sh            (npm start prints a demo key; BASE_URL defaults to localhost)
#
# The warrant needs a key with the warrant entitlement (starter tier and up). The signing key is
# public: no X-API-Key. Save both and verify offline with python.py (GET /examples/python).
set -eu
BASE_URL="${BASE_URL:-http://localhost:8787}"
: "${API_KEY:?set API_KEY to your API key}"
OUT="${OUT_DIR:-.}"

curl --fail-with-body -sS \
  -H "X-API-Key: $API_KEY" \
  "$BASE_URL/rules/warrant?hcpcs=E0601&as_of=2025-02-10" \
  -o "$OUT/warrant.json"

curl --fail-with-body -sS "$BASE_URL/rules/warrant/signing-key" -o "$OUT/signing-key.json"

echo "saved $OUT/warrant.json and $OUT/signing-key.json"
echo "verify offline: python3 python.py $OUT/warrant.json $OUT/signing-key.json"
