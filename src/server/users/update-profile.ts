import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateProfileBody } from '../../shared/api/auth.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';

/** Saves the names and address the user typed in Account Settings. */
export async function updateProfile(db: Database, userId: string, input: z.infer<typeof updateProfileBody>): Promise<void> {
  await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, email: input.email.toLowerCase(), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
