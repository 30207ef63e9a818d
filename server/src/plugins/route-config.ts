import type { Access } from '@console/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: a permission code, `authenticated` or `public`.
     * Every /api route must declare it — deny by default (plugins/authorize.ts).
     */
    access?: Access;
    /**
     * A session whose one-time password is still to be changed may call this route (the change,
     * the user's info, what the shell needs to show the change screen); every other
     * non-public route refuses it (product.md, "Grant ceiling"; plugins/authorize.ts).
     */
    beforePasswordChange?: true;
    /** Mutating routes called by devices with their own credential may opt out of CSRF. */
    csrf?: false;
    /** Default audit action for the route (handlers may refine it with req.audit). */
    auditAction?: string;
    /** A POST that only reads (the seed's `POST /api/user/menu`) writes no audit row. */
    audit?: false;
  }
}

export {};
