// The team edit drawer round trip (issue 25 defect 1): opened on a team with every field set,
// it shows the team's values, and saved untouched sends exactly the team's editable fields
// with its version — never the create defaults (成人 1, empty pickup …). The new-team form
// still starts from those defaults. The real Arco form in jsdom; the server is the only thing
// replaced (the shared HTTP client's adapter answers the calls the drawer makes).
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from '@arco-design/web-react';
import { teamFields, type Team } from '@console/shared';
import { FULL_TEAM, shown, installTeamServer, wrap } from '../../test/harness';
import { EditDrawer } from './EditDrawer';
import { TEAM_CREATE_DEFAULTS, TeamForm, useCheckTeamForm } from '../components/TeamForm';

const FULL = FULL_TEAM;

const editable = (team: Team) =>
  Object.fromEntries(Object.keys(teamFields).map((k) => [k, team[k as keyof Team]]));

/** The server as the drawer sees it: the dictionaries, and every write it is sent. */
const writes = installTeamServer();

describe('the team edit drawer', () => {
  it('opens on the team values and, saved untouched, sends exactly them', async () => {
    const onSaved = vi.fn();
    render(
      wrap(
        <EditDrawer team={FULL} visible onClose={vi.fn()} onSaved={onSaved} onReloaded={vi.fn()} />,
      ),
    );
    await screen.findByTestId('team-form');
    // What the user sees: the team's pax, escort and pickup — not 成人 1 and blanks.
    await waitFor(() => expect(shown('paxAdults')).toBe('7'));
    expect(shown('paxChildren')).toBe('2');
    expect(shown('paxSeniors')).toBe('1');
    expect(shown('escortName')).toBe('赵全陪');
    expect(shown('escortPhone')).toBe('13987654321');
    expect(shown('pickupPoint')).toBe('首都机场 T3');
    expect(shown('pickupTime')).toBe('08:00');
    expect(shown('startDate')).toBe('2027-03-01');
    expect(shown('notes')).toBe('素食两位');

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: 'PUT', url: `/teams/${FULL.id}` });
    expect(writes[0].body).toEqual({ ...editable(FULL), version: FULL.version });
  });

  it('sends the one field the user changed and every other as it was', async () => {
    const onSaved = vi.fn();
    render(
      wrap(
        <EditDrawer team={FULL} visible onClose={vi.fn()} onSaved={onSaved} onReloaded={vi.fn()} />,
      ),
    );
    const notes = await screen.findByTestId('field-notes');
    await waitFor(() => expect(shown('notes')).toBe('素食两位'));
    fireEvent.change(notes, { target: { value: '改过的备注' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes[0].body).toEqual({ ...editable(FULL), notes: '改过的备注', version: 5 });
  });
});

describe('the new-team form', () => {
  it('starts from the create defaults (1 adult, blanks)', async () => {
    let read: () => ReturnType<ReturnType<typeof useCheckTeamForm>> = () => {
      throw new Error('not rendered');
    };
    function NewForm() {
      const [form] = Form.useForm();
      const check = useCheckTeamForm(form);
      read = () => check();
      return <TeamForm form={form} />;
    }
    render(wrap(<NewForm />));
    await screen.findByTestId('team-form');
    expect(shown('paxAdults')).toBe('1');
    expect(shown('paxChildren')).toBe('0');
    expect(shown('pickupPoint')).toBe('');
    const { parsed, errors } = read();
    expect(parsed.success).toBe(false);
    // Only the fields without a default are missing; the defaults are the form's own values.
    expect(Object.keys(errors).sort()).toEqual(
      [
        'agency',
        'endDate',
        'language',
        'leadContactName',
        'leadContactPhone',
        'market',
        'name',
        'startDate',
      ].sort(),
    );
    for (const k of Object.keys(TEAM_CREATE_DEFAULTS)) expect(errors[k], k).toBeUndefined();
  });
});
