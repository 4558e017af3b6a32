# Python: verify a signed response offline, standard library only (Ed25519 per RFC 8032, JCS per RFC 8785)
"""
Usage:
    python3 python.py RESPONSE.json [KEY.json]

RESPONSE.json is a signed answer (a warrant, appeal exhibit or warrant changes answer) saved as
received. KEY.json is the signing-key resource (GET /rules/warrant/signing-key); without it the key
is fetched from attestation.public_key_url. Exit status 0 and "OK ..." when the signature verifies,
1 and "FAIL ..." when it does not.

The response must be parsed with every number read as an IEEE 754 double, as JavaScript reads it
(parse_json below), or integers beyond 2**53 would canonicalize differently. Limits of the
canonicalization here: strings must not hold lone surrogates; NaN and Infinity are refused. No
third-party package is needed; this Ed25519 is for verification only and is not constant-time.
"""
import base64
import hashlib
import json
import math
import sys
import urllib.request

# --- RFC 8785 (JSON Canonicalization Scheme) ---------------------------------------------------


def es_number(x):
    """RFC 8785 3.2.2.3: the ECMAScript Number::toString form, from Python's shortest repr."""
    if isinstance(x, int):
        return str(x)
    if not math.isfinite(x):
        raise ValueError("NaN and Infinity are not JSON")
    if x == 0:
        return "0"
    sign, r = ("-", repr(-x)) if x < 0 else ("", repr(x))
    mantissa, _, exp = r.partition("e")
    int_part, _, frac = mantissa.partition(".")
    digits = int_part + frac
    n = int(exp or 0) + len(int_part)  # the value is 0.<digits> * 10**n
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    e = n - 1
    return sign + digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))


def parse_json(text):
    """JSON as JavaScript reads it: every number a double (RFC 8785 3.2.2.3 works on doubles)."""
    return json.loads(text, parse_int=float)


def canonicalize(v):
    """RFC 8785: keys sorted by UTF-16 code units, no whitespace, ECMAScript numbers and strings."""
    if v is None or isinstance(v, bool):
        return json.dumps(v)  # null, true, false
    if isinstance(v, (int, float)):
        return es_number(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ",".join(canonicalize(i) for i in v) + "]"
    if isinstance(v, dict):
        keys = sorted(v, key=lambda k: k.encode("utf-16-be"))
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + canonicalize(v[k]) for k in keys) + "}"
    raise TypeError(f"cannot canonicalize {type(v).__name__}")


# --- RFC 8032 5.1.7 Ed25519 verification -------------------------------------------------------

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)


def point_add(a, b):
    """Extended twisted Edwards coordinates (X, Y, Z, T), RFC 8032 5.1.4."""
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa, bb = (y1 - x1) * (y2 - x2) % P, (y1 + x1) * (y2 + x2) % P
    cc, dd = 2 * t1 * t2 * D % P, 2 * z1 * z2 % P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def scalar_mult(s, pt):
    q = (0, 1, 1, 0)
    while s:
        if s & 1:
            q = point_add(q, pt)
        pt, s = point_add(pt, pt), s >> 1
    return q


def decode_point(b):
    """RFC 8032 5.1.3; None when the bytes are not a point on the curve."""
    y = int.from_bytes(b, "little") & ((1 << 255) - 1)
    sign = b[31] >> 7
    if y >= P:
        return None
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if (v * x * x - u) % P != 0:
        x = x * SQRT_M1 % P
        if (v * x * x - u) % P != 0:
            return None
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = P - x
    return (x, y, 1, x * y % P)


def encode_point(pt):
    x, y, z, _ = pt
    zi = pow(z, P - 2, P)
    x, y = x * zi % P, y * zi % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


BASE = decode_point((4 * pow(5, P - 2, P) % P).to_bytes(32, "little"))


def ed25519_verify(public_key, message, signature):
    """Cofactorless check [S]B - [k]A == R, compared by encoding (as libsodium and tweetnacl do)."""
    if len(public_key) != 32 or len(signature) != 64:
        return False
    a = decode_point(public_key)
    s = int.from_bytes(signature[32:], "little")
    if a is None or s >= L:
        return False
    k = int.from_bytes(hashlib.sha512(signature[:32] + public_key + message).digest(), "little") % L
    neg_a = ((P - a[0]) % P, a[1], a[2], (P - a[3]) % P)
    return encode_point(point_add(scalar_mult(s, BASE), scalar_mult(k, neg_a))) == signature[:32]


# --- The service's five verification steps -----------------------------------------------------


def b64url(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def verify(response, key):
    att = response.get("attestation")
    if not isinstance(att, dict):
        return False, "no attestation block: the response is not signed"
    if att.get("alg") != "Ed25519" or att.get("canonicalization") != "RFC8785":
        return False, "unsupported alg or canonicalization"
    if key.get("kid") != att.get("kid"):  # step 1
        return False, f"key {key.get('kid')} does not match attestation.kid {att.get('kid')}"
    unsigned = dict(response, attestation={k: v for k, v in att.items() if k != "signature"})  # step 2
    message = canonicalize(unsigned).encode("utf-8")  # step 3
    ok = ed25519_verify(b64url(key["public_key_b64url"]), message, b64url(att.get("signature", "")))  # step 4
    if not ok:  # step 5
        return False, "signature does not verify: a field was altered or the key is the wrong one"
    return True, f"signed by {att['kid']} at {att.get('issued_at')}"


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        response = parse_json(f.read())
    if len(argv) > 2:
        with open(argv[2], encoding="utf-8") as f:
            key = parse_json(f.read())
    else:
        with urllib.request.urlopen(response["attestation"]["public_key_url"], timeout=10) as r:
            key = json.load(r)
    ok, why = verify(response, key)
    print(("OK " if ok else "FAIL ") + why)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
