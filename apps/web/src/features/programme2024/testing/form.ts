import { act, fireEvent, screen } from '@testing-library/react';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field by its visible label; a required field's label ends with a star that is not part of its name. */
export const labelled = (label: string) => new RegExp(`^${escape(label)}\\*?$`);
export const field = (label: string) => screen.getByLabelText(labelled(label)) as HTMLInputElement;
export const findField = async (label: string) => (await screen.findByLabelText(labelled(label))) as HTMLInputElement;

export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

export const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};
