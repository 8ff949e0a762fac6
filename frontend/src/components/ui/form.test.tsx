import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

import {
  Field,
  FieldError,
  FormError,
  FormFooter,
  INPUT_CLASS,
  SelectField,
  SwitchField,
  TextareaField,
} from './form';

describe('form parts', () => {
  it('labels an input, reads its hint with it, and swaps the hint for the error', () => {
    const { rerender } = render(<Field id="title" label="Title" hint="Up to 120 characters" />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAccessibleDescription('Up to 120 characters');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveClass(...INPUT_CLASS.split(' '));

    rerender(<Field id="title" label="Title" hint="Up to 120 characters" error="Title is required" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Title is required');
    expect(screen.queryByText('Up to 120 characters')).not.toBeInTheDocument();
  });

  it('gives a field an id of its own when none is passed', () => {
    render(
      <>
        <TextareaField label="Bio" error="Bio is required" />
        <TextareaField label="Notes" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveAccessibleDescription('Bio is required');
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toHaveAccessibleDescription();
  });

  it('lists a select’s options after its placeholder', () => {
    render(
      <SelectField
        label="Genre"
        placeholder="Choose a genre"
        options={['Drama', { value: 'sci', label: 'Sci-Fi' }]}
        error="Choose a genre"
        defaultValue=""
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Genre' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', 'Choose a genre'],
      ['Drama', 'Drama'],
      ['sci', 'Sci-Fi'],
    ]);
  });

  it('works with register: value, ref (focus on the first invalid field) and the error', async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit, formState } = useForm({ defaultValues: { title: '', notes: '' } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <TextareaField label="Notes" {...register('notes')} />
          <Field
            label="Title"
            error={formState.errors.title?.message}
            {...register('title', { required: 'Title is required' })}
          />
          <FormFooter>
            <button type="submit">Save</button>
          </FormFooter>
        </form>
      );
    }
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveFocus();
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(title, 'Glass');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ title: 'Glass', notes: '' }, expect.anything());
  });

  it('announces only the errors it is told to, and the form-level message', () => {
    render(
      <>
        <FieldError id="a" message="Quiet" />
        <FieldError id="b" message="Loud" announce />
        <FieldError id="c" message={undefined} announce />
        <FormError message="The server said no" />
        <FormError message={undefined} />
      </>,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Loud',
      'The server said no',
    ]);
    expect(screen.getByText('Quiet')).toHaveAttribute('id', 'a');
  });

  it('is a labelled switch with its hint read with it, turned by a click on its label', async () => {
    const onChange = vi.fn();
    render(
      <SwitchField
        label="Email me"
        hint="One email a week"
        checked={false}
        onChange={(event) => onChange(event.target.checked)}
      />,
    );
    const control = screen.getByRole('switch', { name: 'Email me' });
    expect(control).not.toBeChecked();
    expect(control).toHaveAccessibleDescription('One email a week');

    await userEvent.click(screen.getByText('Email me'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
