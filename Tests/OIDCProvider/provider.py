"""An OpenID provider of our own for the tests: discovery, JWKS, the authorization endpoint
(a page with an Email field, or at once for an identity set beforehand) and the token endpoint
(code + PKCE S256 verifier + client secret -> an RS256 ID token), on a loopback port.

Every spoiled answer the server must refuse has a switch (POST /control {"spoil": NAME}):
signature, issuer, audience, nonce, expired, future, unverified, no_email, unknown_kid,
alg_none, hs256, deny (the provider says access_denied), token_error, slow (the token
endpoint answers only after {"release": true}), token_huge, jwks_down, jwks_huge. Another
domain or tenant is an identity with that address or tid ({"identity": {...}}). {"rotate":
true} makes a new key (new kid) the signing one and the only one in the JWKS.
GET /control/stats counts the requests of each endpoint.

Run: python provider.py --port PORT --client-id ID --client-secret SECRET
"""
import argparse
import base64
import hashlib
import html
import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_key(kid):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    numbers = key.public_key().public_numbers()
    jwk = {"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
           "n": b64url(numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")),
           "e": b64url(numbers.e.to_bytes((numbers.e.bit_length() + 7) // 8, "big"))}
    return key, jwk


class Provider:
    def __init__(self, issuer, client_id, client_secret):
        self.issuer, self.client_id, self.client_secret = issuer, client_id, client_secret
        self.lock = threading.Lock()
        self.key, self.jwk = new_key("key-1")
        self.generation = 1
        self.identity = None
        self.spoil = None
        self.codes = {}
        self.stats = {"discovery": 0, "jwks": 0, "authorize": 0, "token": 0}
        self.released = threading.Event()

    def control(self, body):
        with self.lock:
            if "identity" in body:
                self.identity = body["identity"]
            if "spoil" in body:
                self.spoil = body["spoil"]
                self.released.clear()
            if body.get("rotate"):
                self.generation += 1
                self.key, self.jwk = new_key(f"key-{self.generation}")
        if body.get("release"):
            self.released.set()

    def issue_code(self, query, identity):
        code = secrets.token_urlsafe(32)
        with self.lock:
            self.codes[code] = {"redirect_uri": query.get("redirect_uri"), "nonce": query.get("nonce"),
                                "challenge": query.get("code_challenge"), "identity": identity}
        return code

    def id_token(self, grant):
        identity, spoil, now = grant["identity"], self.spoil, int(time.time())
        claims = {"iss": self.issuer, "sub": identity["sub"], "aud": self.client_id, "exp": now + 300, "iat": now,
                  "nonce": grant["nonce"], "email": identity["email"],
                  "email_verified": identity.get("email_verified", True), "name": identity.get("name", "A pupil")}
        if identity.get("tid"):
            claims["tid"] = identity["tid"]
        changes = {"issuer": ("iss", self.issuer + "/other"), "audience": ("aud", "another-app"),
                   "nonce": ("nonce", "another-nonce"), "expired": ("exp", now - 3600), "future": ("iat", now + 3600),
                   "unverified": ("email_verified", False)}
        if spoil in changes:
            name, value = changes[spoil]
            claims[name] = value
        if spoil == "no_email":
            del claims["email"]
        kid = self.jwk["kid"]
        if spoil == "signature":
            return jwt.encode(claims, new_key(kid)[0], algorithm="RS256", headers={"kid": kid})
        if spoil == "unknown_kid":
            return jwt.encode(claims, new_key("key-unknown")[0], algorithm="RS256", headers={"kid": "key-unknown"})
        if spoil == "alg_none":
            header = b64url(json.dumps({"alg": "none", "kid": kid}).encode())
            return header + "." + b64url(json.dumps(claims).encode()) + "."
        if spoil == "hs256":
            header = b64url(json.dumps({"alg": "HS256", "kid": kid, "typ": "JWT"}).encode())
            body = b64url(json.dumps(claims).encode())
            import hmac
            signature = hmac.new(json.dumps(self.jwk).encode(), (header + "." + body).encode(), hashlib.sha256).digest()
            return header + "." + body + "." + b64url(signature)
        return jwt.encode(claims, self.key, algorithm="RS256", headers={"kid": kid})


def make_handler(provider):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send(self, status, body, content_type="application/json", headers=None):
            data = body if isinstance(body, bytes) else (json.dumps(body) if not isinstance(body, str) else body).encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def redirect(self, location):
            self.send(302, b"", "text/plain", {"Location": location})

        def body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length).decode() if length else ""

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            query = dict(urllib.parse.parse_qsl(url.query))
            if url.path == "/.well-known/openid-configuration":
                provider.stats["discovery"] += 1
                return self.send(200, {"issuer": provider.issuer, "authorization_endpoint": provider.issuer + "/authorize",
                                       "token_endpoint": provider.issuer + "/token", "jwks_uri": provider.issuer + "/jwks",
                                       "response_types_supported": ["code"], "subject_types_supported": ["public"],
                                       "id_token_signing_alg_values_supported": ["RS256"],
                                       "code_challenge_methods_supported": ["S256"]})
            if url.path == "/jwks":
                provider.stats["jwks"] += 1
                if provider.spoil == "jwks_down":
                    return self.send(500, {"error": "down"})
                keys = [provider.jwk] + ([{"kty": "RSA", "kid": f"pad-{i}", "n": "A" * 342, "e": "AQAB"} for i in range(6000)]
                                         if provider.spoil == "jwks_huge" else [])
                return self.send(200, {"keys": keys})
            if url.path == "/authorize":
                provider.stats["authorize"] += 1
                return self.authorize(query, provider.identity)
            if url.path == "/control/stats":
                return self.send(200, provider.stats)
            self.send(404, {"error": "not found"})

        def authorize(self, query, identity):
            if query.get("client_id") != provider.client_id or query.get("response_type") != "code" \
                    or query.get("code_challenge_method") != "S256" or not query.get("code_challenge") \
                    or not query.get("redirect_uri") or not query.get("state") or not query.get("nonce"):
                return self.send(400, {"error": "invalid_request"})
            back = query["redirect_uri"] + "?"
            if provider.spoil == "deny":
                return self.redirect(back + urllib.parse.urlencode({"error": "access_denied", "state": query["state"]}))
            if identity is None:
                fields = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in query.items())
                page = ('<!doctype html><html lang="en"><head><title>School sign-in</title></head><body><main>'
                        '<h1>Your school</h1><form method="post" action="/authorize">' + fields +
                        '<label for="email">Email</label> <input id="email" name="email" type="email">'
                        '<button type="submit">Continue</button></form></main></body></html>')
                return self.send(200, page, "text/html; charset=utf-8")
            code = provider.issue_code(query, identity)
            self.redirect(back + urllib.parse.urlencode({"code": code, "state": query["state"]}))

        def do_POST(self):
            url = urllib.parse.urlsplit(self.path)
            text = self.body()
            if url.path == "/control":
                provider.control(json.loads(text or "{}"))
                return self.send(200, {"ok": True})
            form = dict(urllib.parse.parse_qsl(text))
            if url.path == "/authorize":
                email = form.pop("email", "")
                identity = {"sub": "sub-" + hashlib.sha256(email.lower().encode()).hexdigest()[:20], "email": email}
                return self.authorize(form, identity)
            if url.path == "/token":
                return self.token(form)
            self.send(404, {"error": "not found"})

        def token(self, form):
            provider.stats["token"] += 1
            spoil = provider.spoil
            if spoil == "slow":
                provider.released.wait(60)
            if spoil == "token_error":
                return self.send(400, {"error": "invalid_grant"})
            with provider.lock:
                grant = provider.codes.pop(form.get("code", ""), None)
            verifier = form.get("code_verifier", "")
            if grant is None or form.get("grant_type") != "authorization_code" \
                    or form.get("client_id") != provider.client_id or form.get("client_secret") != provider.client_secret \
                    or form.get("redirect_uri") != grant["redirect_uri"] \
                    or b64url(hashlib.sha256(verifier.encode()).digest()) != grant["challenge"]:
                return self.send(400, {"error": "invalid_grant"})
            if spoil == "token_huge":
                return self.send(200, {"id_token": "x" * (1024 * 1024), "token_type": "Bearer"})
            self.send(200, {"access_token": secrets.token_urlsafe(16), "token_type": "Bearer", "expires_in": 300,
                            "id_token": provider.id_token(grant)})

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--client-id", default="examprep-tests")
    parser.add_argument("--client-secret", default="provider-secret")
    arguments = parser.parse_args()
    provider = Provider(f"http://127.0.0.1:{arguments.port}", arguments.client_id, arguments.client_secret)
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), make_handler(provider))
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
