import { describe, expect, it } from 'vitest';
import { isGuid } from './guid.js';

describe('isGuid', () => {
  it('takes GUIDs in either case and nothing around them', () => {
    expect(isGuid('6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b')).toBe(true);
    expect(isGuid('6F1C2B9E-3D4A-4E5F-8A7B-9C0D1E2F3A4B')).toBe(true);
    for (const value of ['', '..', '6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b/..', ' 6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b', '6f1c2b9e3d4a4e5f8a7b9c0d1e2f3a4b'])
      expect(isGuid(value)).toBe(false);
  });
});
