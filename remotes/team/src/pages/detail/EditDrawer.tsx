// Edit the team's basic information with optimistic locking: a stale version (409) shows who
// changed the team and when, and offers to reload their version into the form.
//
// The form is created with the team as it was when the drawer opened and keyed by its version
// (issue 25 defect 1: values set in an effect were overwritten by the create defaults when the
// drawer's form mounted one render later, and saving untouched wrote pax 1).
import { useState } from 'react';
import { Alert, Button, Drawer, Form, Message } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { Team } from '@console/shared';
import { apiErrorCode, apiErrorEnvelope, showApiError } from '@console/shared/api';
import { showFormErrors } from '@console/shared/components/contract-form';
import { teamApi, useUpdateTeamMutation } from '../../api';
import { useIssueText } from '../../hooks';
import { TeamForm, showServerFieldErrors, useCheckTeamForm } from '../components/TeamForm';
import { operationDateTime } from '@console/shared/i18n';

/** Who changed the team, from a STALE_VERSION answer (`data.updatedBy`, maybe with a time). */
function staleAuthor(err: unknown): { by: string; at?: string } {
  const data = apiErrorEnvelope(err)?.data as
    { updatedBy?: unknown; updatedAt?: unknown } | null | undefined;
  const raw = data?.updatedBy;
  const by =
    typeof raw === 'string'
      ? raw
      : raw && typeof raw === 'object'
        ? String(
            (raw as Record<string, unknown>).name ??
              (raw as Record<string, unknown>).username ??
              '',
          )
        : '';
  const at =
    typeof data?.updatedAt === 'string'
      ? data.updatedAt
      : raw && typeof raw === 'object' && typeof (raw as Record<string, unknown>).at === 'string'
        ? ((raw as Record<string, unknown>).at as string)
        : undefined;
  return { by, at };
}

export function EditDrawer(props: {
  team: Team;
  visible: boolean;
  onClose(): void;
  onSaved(team: Team): void;
  /** The team as reloaded after a conflict (the drawer stays open). */
  onReloaded(team: Team): void;
}) {
  const { team, visible } = props;
  const intl = useIntl();
  const issueText = useIssueText();
  const [form] = Form.useForm();
  const check = useCheckTeamForm(form);
  const [update, { isLoading: saving }] = useUpdateTeamMutation();
  // The team the form edits: as it was when the drawer opened (a refetch behind the drawer
  // must not reset what is typed), or as reloaded after a conflict. Null while closed.
  const [opened, setOpened] = useState<Team | null>(null);
  const [stale, setStale] = useState<{ by: string; at?: string } | null>(null);
  const [reloading, setReloading] = useState(false);
  if (visible && !opened) {
    setOpened(team);
    setStale(null);
  } else if (!visible && opened) setOpened(null);
  const base = opened ?? team;

  const submit = async () => {
    const { parsed, errors } = check(base.version);
    if (showFormErrors(form, errors) || !parsed.success) return;
    try {
      const saved = await update({ id: base.id, body: parsed.data as never }).unwrap();
      Message.success(intl.formatMessage({ id: 'team.message.saved' }));
      props.onSaved(saved);
    } catch (err) {
      if (apiErrorCode(err) === 'STALE_VERSION') {
        setStale(staleAuthor(err));
        return;
      }
      showServerFieldErrors(form, err, (code) => issueText({ code: 'custom', message: code }));
      showApiError(err);
    }
  };

  /** Loads the version someone else saved into the form (the user's edits are dropped). */
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await teamApi.get(base.id);
      // A new version: the form (keyed by it) starts again from the fresh team.
      setOpened(fresh);
      setStale(null);
      props.onReloaded(fresh);
    } catch (err) {
      showApiError(err);
    } finally {
      setReloading(false);
    }
  };

  return (
    <Drawer
      width={760}
      title={intl.formatMessage({ id: 'team.edit.title' }, { name: team.name })}
      visible={visible}
      onCancel={props.onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={intl.formatMessage({ id: 'team.action.save' })}
      cancelText={intl.formatMessage({ id: 'team.action.cancel' })}
      unmountOnExit
    >
      {stale && (
        <Alert
          type="warning"
          style={{ marginBottom: 16 }}
          data-testid="stale-conflict"
          title={intl.formatMessage({ id: 'team.edit.staleTitle' })}
          content={
            stale.by
              ? intl.formatMessage(
                  { id: stale.at ? 'team.edit.staleByAt' : 'team.edit.staleBy' },
                  { user: stale.by, at: stale.at ? operationDateTime(stale.at) : '' },
                )
              : intl.formatMessage({ id: 'team.edit.staleAnon' })
          }
          action={
            <Button
              size="small"
              type="primary"
              loading={reloading}
              onClick={reload}
              data-testid="stale-reload"
            >
              {intl.formatMessage({ id: 'team.edit.reload' })}
            </Button>
          }
        />
      )}
      <TeamForm key={`${base.id}:${base.version}`} form={form} team={base} />
    </Drawer>
  );
}
