import type { ChangeEvent } from 'react';

/** A text field bound to a state: its value, and what typing in it sets (`{...textField(name, setName)}`). */
export function textField(value: string, set: (next: string) => void) {
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.currentTarget.value),
  };
}
