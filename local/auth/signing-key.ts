import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export type JwtClaims = Record<string, unknown>;
type StoredKey = { kid: string; privateJwk: JsonWebKey };

const b64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The ES256 key access tokens are signed with; its public half is published as a JWKS. */
export class SigningKey {
  private readonly publicKey: KeyObject;

  private constructor(
    readonly kid: string,
    private readonly privateKey: KeyObject,
  ) {
    this.publicKey = createPublicKey(privateKey);
  }

  /** Reads `<dataDir>/auth/signing-key.json`, creating it (mode 0600) on first start; in memory without a dataDir. */
  static async load(dataDir?: string): Promise<SigningKey> {
    const file = dataDir ? path.join(dataDir, "auth", "signing-key.json") : null;
    if (file) {
      const stored = parseJson(await readFile(file, "utf8").catch(() => "")) as StoredKey | null;
      if (stored?.kid && stored.privateJwk) {
        return new SigningKey(stored.kid, createPrivateKey({ key: stored.privateJwk, format: "jwk" }));
      }
    }
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const key = new SigningKey(randomUUID(), privateKey);
    if (file) {
      await mkdir(path.dirname(file), { recursive: true });
      const stored: StoredKey = { kid: key.kid, privateJwk: privateKey.export({ format: "jwk" }) };
      await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
      await chmod(file, 0o600);
    }
    return key;
  }

  /** The JWKS document: the public key only. */
  jwks(): { keys: JsonWebKey[] } {
    const jwk = this.publicKey.export({ format: "jwk" });
    return { keys: [{ ...jwk, kid: this.kid, alg: "ES256", use: "sig", key_ops: ["verify"] }] };
  }

  sign(claims: JwtClaims): string {
    const header = b64url(JSON.stringify({ alg: "ES256", kid: this.kid, typ: "JWT" }));
    const payload = b64url(JSON.stringify(claims));
    const signature = sign("sha256", Buffer.from(`${header}.${payload}`), { key: this.privateKey, dsaEncoding: "ieee-p1363" });
    return `${header}.${payload}.${b64url(signature)}`;
  }

  /** The claims of a token this key signed, or a reason it is not acceptable. `nowSeconds` checks `exp`. */
  verify(token: string, nowSeconds: number): { claims: JwtClaims } | { reason: string } {
    const parts = token.split(".");
    if (parts.length !== 3) return { reason: "token is malformed" };
    const [rawHeader, rawPayload, rawSignature] = parts as [string, string, string];
    const header = parseJson(Buffer.from(rawHeader, "base64url").toString("utf8")) as Record<string, unknown> | null;
    if (!header || header.alg !== "ES256") return { reason: "signing method is not supported" };
    if (header.kid !== this.kid) return { reason: `unrecognized JWT kid ${String(header.kid)} for algorithm ES256` };
    const valid = verify(
      "sha256",
      Buffer.from(`${rawHeader}.${rawPayload}`),
      { key: this.publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(rawSignature, "base64url"),
    );
    if (!valid) return { reason: "token signature is invalid" };
    const claims = parseJson(Buffer.from(rawPayload, "base64url").toString("utf8"));
    if (!claims || typeof claims !== "object" || Array.isArray(claims)) return { reason: "token is malformed" };
    const exp = (claims as JwtClaims).exp;
    if (typeof exp !== "number" || exp <= nowSeconds) return { reason: "token has invalid claims: token is expired" };
    return { claims: claims as JwtClaims };
  }

  /** A keyed digest (HMAC-SHA256 under a key derived from the signing key), base64url. */
  mac(purpose: string, value: string): string {
    const secret = createHmac("sha256", this.privateKey.export({ format: "der", type: "pkcs8" }))
      .update(purpose)
      .digest();
    return createHmac("sha256", secret).update(value).digest("base64url");
  }
}
