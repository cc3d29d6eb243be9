import { describe, expect, it } from 'vitest';
import { toastLimit, toastReducer, type ToastEntry } from './use-toast';

const entry = (id: string, overrides: Partial<ToastEntry> = {}): ToastEntry => ({ id, open: true, title: id, ...overrides });

describe('toastReducer', () => {
  it('shows one toast at a time: a new toast replaces the visible one', () => {
    expect(toastLimit).toBe(1);
    const state = toastReducer(toastReducer([], { type: 'add', toast: entry('1') }), { type: 'add', toast: entry('2') });
    expect(state.map((t) => t.id)).toEqual(['2']);
  });

  it('updates a toast by id', () => {
    const state = toastReducer([entry('1')], { type: 'update', id: '1', changes: { description: 'Saved' } });
    expect(state[0]).toMatchObject({ id: '1', description: 'Saved', open: true });
  });

  it('closes one toast, or all without an id', () => {
    expect(toastReducer([entry('1'), entry('2')], { type: 'dismiss', id: '2' }).map((t) => t.open)).toEqual([true, false]);
    expect(toastReducer([entry('1'), entry('2')], { type: 'dismiss' }).map((t) => t.open)).toEqual([false, false]);
  });

  it('removes one toast, or all without an id', () => {
    expect(toastReducer([entry('1'), entry('2')], { type: 'remove', id: '1' }).map((t) => t.id)).toEqual(['2']);
    expect(toastReducer([entry('1')], { type: 'remove' })).toEqual([]);
  });
});
