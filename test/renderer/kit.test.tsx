// @vitest-environment happy-dom
import { act, cleanup, render as renderBare, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietFor } from '../support/waits';
import {
  Button,
  Cell,
  Column,
  Dialog,
  GridButton,
  RadioGroup,
  Row,
  Select,
  Table,
  TableBody,
  TableHeader,
  TextField,
  ToastRegion,
  toast,
} from '../../src-renderer/components/ui';
import { InEnglish } from './inEnglish';

afterEach(cleanup);

/** The kit's own words (Close, Dismiss, the character count) are the English catalog's. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: InEnglish });

const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('TextField', () => {
  it('is named by its label, marked required, and described by its error', () => {
    const { rerender } = render(
      <TextField label="Name" value="" onChange={() => {}} isRequired description="As on the certificate" />,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(description(input)).toBe('As on the certificate');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(<TextField label="Name" value="" onChange={() => {}} isRequired error="Enter the name" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toContain('Enter the name');
    expect(screen.getByText('Enter the name')).toBeTruthy();
  });

  it('keeps what was typed', async () => {
    function Typed() {
      const [v, set] = useState('');
      return <TextField label="Notes" value={v} onChange={set} />;
    }
    render(<Typed />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Back on Monday');
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLInputElement).value).toBe('Back on Monday');
  });

  it('deferred: shows each key at once, hands it on in a transition, and shows a change made elsewhere', async () => {
    const handed: string[] = [];
    let setFromElsewhere: (v: string) => void = () => {};
    function Form() {
      const [v, set] = useState('');
      setFromElsewhere = set;
      return (
        <>
          <TextField
            label="Question"
            value={v}
            onChange={(next) => {
              handed.push(next);
              set(next);
            }}
            deferred
          />
          <output aria-label="Preview">{v}</output>
        </>
      );
    }
    render(<Form />);
    const input = screen.getByRole('textbox', { name: 'Question' }) as HTMLInputElement;
    await userEvent.type(input, 'How was it?');
    expect(input.value).toBe('How was it?');
    expect(handed.at(-1)).toBe('How was it?');
    expect(screen.getByLabelText('Preview').textContent).toBe('How was it?');
    // The value changed from elsewhere (not typed here) replaces what is shown.
    act(() => setFromElsewhere('Restored'));
    expect(input.value).toBe('Restored');
    await userEvent.type(input, '!');
    expect(input.value).toBe('Restored!');
    expect(screen.getByLabelText('Preview').textContent).toBe('Restored!');
  });
});

describe('TextField with a limit', () => {
  it('counts in words with its description, and tells a screen reader only near the limit once typing pauses', async () => {
    function Notes() {
      const [v, set] = useState('');
      return <TextField label="Notes" value={v} onChange={set} maxChars={40} description="Seen by your manager" />;
    }
    const { container } = render(<Notes />);
    const input = screen.getByRole('textbox', { name: 'Notes' });
    const spoken = container.querySelector('[aria-live="polite"]')!;
    expect(description(input)).toBe('Seen by your manager 0 of 40 characters');
    await userEvent.type(input, 'Back on Monday');
    expect(description(input)).toBe('Seen by your manager 14 of 40 characters');
    // A pause in the typing (0.8 s) far from the limit: nothing is said.
    await quietFor(1_000, 'what is said after a pause far from the limit', () => spoken.textContent, '');
    await userEvent.type(input, ', from the 3rd of May.');
    expect(description(input)).toBe('Seen by your manager 36 of 40 characters');
    await vi.waitFor(() => expect(spoken.textContent).toBe('4 characters left'));
    await userEvent.type(input, ' Thanks');
    await vi.waitFor(() => expect(spoken.textContent).toBe('3 characters over the limit'));
    expect((input as HTMLInputElement).value).toHaveLength(43);
  });
});

describe('Dialog', () => {
  it('takes focus in, and gives it back to its opener when it closes', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onPress={() => setOpen(true)}>New training</Button>
          {open && (
            <Dialog title="New training" onClose={() => setOpen(false)}>
              <TextField label="Name" value="" onChange={() => {}} />
            </Dialog>
          )}
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'New training' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'New training' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Select', () => {
  it('is a button named by its label and value; picking an option calls back with its id', async () => {
    const picked: string[] = [];
    render(
      <Select
        label="Type"
        items={[
          { id: 'ANNUAL', name: 'Annual' },
          { id: 'SICK', name: 'Sick' },
        ]}
        value="ANNUAL"
        onChange={(v) => picked.push(v)}
        error="Choose a type"
      />,
    );
    const button = screen.getByRole('button', { name: /Type/ });
    expect(button.textContent).toContain('Annual');
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('option', { name: 'Sick' }));
    expect(picked).toEqual(['SICK']);
    expect(screen.getByText('Choose a type')).toBeTruthy();
  });

  it('as a filter with nothing chosen, reads its "any" choice rather than "Choose…", and can go back to it', async () => {
    function Filter() {
      const [status, setStatus] = useState('');
      return (
        <>
          <Select
            label="Status"
            items={[
              { id: 'DRAFT', name: 'Draft' },
              { id: 'CLOSED', name: 'Closed' },
            ]}
            anyLabel="Any status"
            value={status}
            onChange={setStatus}
          />
          <output>{`chosen: ${status}`}</output>
        </>
      );
    }
    render(<Filter />);
    const button = screen.getByRole('button', { name: /Status/ });
    expect(button.textContent).toContain('Any status');
    expect(button.textContent).not.toContain('Choose');
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('option', { name: 'Closed' }));
    expect(screen.getByText('chosen: CLOSED')).toBeTruthy();
    expect(button.textContent).toContain('Closed');
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('option', { name: 'Any status' }));
    expect(screen.getByText('chosen:')).toBeTruthy();
    expect(button.textContent).toContain('Any status');
  });
});

describe('RadioGroup', () => {
  it('is one group named by its label, its error beneath', () => {
    render(
      <RadioGroup
        label="How was it?"
        isRequired
        options={[1, 2, 3].map((n) => ({ value: String(n), label: String(n) }))}
        value=""
        onChange={() => {}}
        error="Answer “How was it?”"
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'How was it?' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(description(group)).toContain('Answer “How was it?”');
  });
});

describe('Toast', () => {
  it('says its message in a polite live region', () => {
    render(<ToastRegion />);
    act(() => toast('Request sent — it will sync'));
    const region = screen.getByRole('status', { name: 'Messages' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Request sent — it will sync');
  });
});

describe('GridButton', () => {
  it('in a row of a grid ticked by pressing it, is pressed without ticking its row, by mouse, Enter or Space', async () => {
    const pressed: string[] = [];
    render(
      <Table aria-label="Requests" selectionMode="multiple">
        <TableHeader>
          <Column isRowHeader>Person</Column>
          <Column>Decision</Column>
        </TableHeader>
        <TableBody>
          <Row id="a" textValue="Alice">
            <Cell>Alice</Cell>
            <Cell>
              <GridButton onPress={() => pressed.push('approve')}>Approve</GridButton>
            </Cell>
          </Row>
        </TableBody>
      </Table>,
    );
    const row = screen.getByRole('row', { name: 'Alice' });
    const button = screen.getByRole('button', { name: 'Approve' });
    await userEvent.click(button);
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(pressed).toEqual(['approve', 'approve', 'approve']);
    expect(row.getAttribute('aria-selected')).toBe('false');
    // Pressing the row elsewhere ticks it: what the button keeps from it.
    await userEvent.click(screen.getByText('Alice'));
    expect(row.getAttribute('aria-selected')).toBe('true');
  });
});
