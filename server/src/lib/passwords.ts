import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's recommended memory/time costs.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */ } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the user does not exist keeps the response time of an unknown
// user the same as a wrong password.
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-Xy'));
