import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { contentLimits, ZWebviewHostName, type WebviewHost } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { formatDate } from '../../../lib/format.js';
import { adminOps } from '../api/operations.js';
import { consoleKeys, useConsoleMutation } from '../hooks/use-console-mutation.js';
import { consoleStrings as t } from '../strings.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage, DeleteButton, TextInput } from './console-ui.js';

function HostRow({ host }: { host: WebviewHost }) {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(host.note);
  const update = useConsoleMutation(() => call(adminOps.webviewHosts.update, { id: host.id, expectedUpdatedAt: host.updatedAt, note }), {
    success: t.saved,
    onSuccess: () => setEditing(false),
  });
  const remove = useConsoleMutation(() => call(adminOps.webviewHosts.remove, { id: host.id }), { success: t.deleted });
  if (editing) {
    return (
      <li className="qgw-cs-row">
        <form
          className="qgw-cs-row-main qgw-cs-inline"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(undefined);
          }}
        >
          <TextInput label={`${t.fieldNote}：${host.host}`} value={note} onChange={setNote} maxLength={contentLimits.shortText.max} />
          <span className="qgw-cs-row-actions">
            <Button type="submit" size="small" color="primary" loading={update.isPending}>
              {t.save}
            </Button>
            <Button type="button" size="small" onClick={() => setEditing(false)}>
              {t.cancel}
            </Button>
          </span>
        </form>
      </li>
    );
  }
  return (
    <li className="qgw-cs-row">
      <div className="qgw-cs-row-main">
        <span className="qgw-cs-row-title">{host.host}</span>
        <span className="qgw-cs-row-meta">
          {host.note && <span>{host.note}</span>}
          <span>{t.updatedAt(formatDate(host.updatedAt))}</span>
        </span>
      </div>
      <div className="qgw-cs-row-actions">
        <button type="button" className="qgw-cs-text-button" aria-label={t.editName(host.host)} onClick={() => setEditing(true)}>
          {t.edit}
        </button>
        <DeleteButton name={host.host} disabled={remove.isPending} onConfirm={() => remove.mutate(undefined)} />
      </div>
    </li>
  );
}

/** /console/content/webview: the hosts the in-app web view may show without a warning. */
export function WebviewHostsScreen() {
  const list = useQuery({ queryKey: consoleKeys.webviewHosts, queryFn: () => call(adminOps.webviewHosts.list, {}) });
  const [host, setHost] = useState('');
  const [note, setNote] = useState('');
  const add = useConsoleMutation(() => call(adminOps.webviewHosts.create, { host, note }), {
    success: t.hostAdded,
    onSuccess: () => {
      setHost('');
      setNote('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(undefined);
  };
  const items = list.data?.items ?? [];
  return (
    <ConsolePage title={t.webviewTitle}>
      <p className="qgw-cs-intro">{t.webviewHint}</p>
      <form className="qgw-cs-card qgw-cs-form qgw-cs-inline qgw-cs-add" onSubmit={submit} noValidate>
        <TextInput label={t.fieldHost} value={host} onChange={setHost} placeholder={t.fieldHostPlaceholder} maxLength={maxLengthOf(ZWebviewHostName)} />
        <TextInput label={t.fieldNote} value={note} onChange={setNote} maxLength={contentLimits.shortText.max} />
        <Button type="submit" color="primary" loading={add.isPending}>
          {t.addHost}
        </Button>
      </form>
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.hostsEmpty} />
      ) : (
        <ul className="qgw-cs-card qgw-cs-rows" aria-label={t.webviewTitle}>
          {items.map((h) => (
            <HostRow key={h.id} host={h} />
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}
