import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { adminLimits, type ConsoleTheme } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { DeleteButton, TextInput } from '../components/console-ui.js';
import { useConsoleMutation } from '../hooks/use-console-mutation.js';
import { accessAdminOps } from './api/operations.js';
import { adminStrings as t } from './strings.js';

function ThemeRow({ theme }: { theme: ConsoleTheme }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(theme.name);
  const [description, setDescription] = useState(theme.description);
  const update = useConsoleMutation((patch: { name?: string; description?: string; active?: boolean }) => call(accessAdminOps.themeUpdate, { id: theme.id, ...patch }), {
    success: t.saved,
    onSuccess: () => setEditing(false),
  });
  const remove = useConsoleMutation(() => call(accessAdminOps.themeDelete, { id: theme.id }), { success: t.deleted });
  if (editing) {
    return (
      <li className="qgw-cs-row">
        <form
          className="qgw-cs-row-main qgw-cs-form"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ name, description });
          }}
        >
          <TextInput label={t.themeName} value={name} onChange={setName} maxLength={adminLimits.theme.name} />
          <TextInput label={t.themeDescription} value={description} onChange={setDescription} maxLength={adminLimits.theme.description} />
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
        <span className="qgw-cs-row-title">{theme.name}</span>
        <span className="qgw-cs-row-meta">
          {theme.description && <span>{theme.description}</span>}
          <span>{t.themeUses(theme.applicationCount)}</span>
        </span>
      </div>
      <div className="qgw-cs-row-actions">
        <label className="qgw-cs-check">
          <input type="checkbox" checked={theme.active} disabled={update.isPending} onChange={(e) => update.mutate({ active: e.target.checked })} />
          {`${t.themeActive}：${theme.name}`}
        </label>
        <button type="button" className="qgw-cs-text-button" aria-label={t.editName(theme.name)} onClick={() => setEditing(true)}>
          {t.edit}
        </button>
        {theme.applicationCount === 0 && <DeleteButton name={theme.name} disabled={remove.isPending} onConfirm={() => remove.mutate(undefined)} />}
      </div>
    </li>
  );
}

/** Themes offered to works entries: add, rename, switch off, delete when unused. */
export function ThemesEditor({ themes, programmeId }: { themes: ConsoleTheme[]; programmeId: string | undefined }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const add = useConsoleMutation(() => call(accessAdminOps.themeCreate, { name, description, programmeId }), {
    success: t.themeAdded,
    onSuccess: () => {
      setName('');
      setDescription('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(undefined);
  };
  return (
    <section className="qgw-cs-card qgw-cad-section qgw-cad-gap" aria-label={t.themesTitle}>
      <h2 className="qgw-cs-page-title">{t.themesTitle}</h2>
      <form className="qgw-cs-form qgw-cs-inline qgw-cs-add" onSubmit={submit} noValidate>
        <TextInput label={t.themeName} value={name} onChange={setName} maxLength={adminLimits.theme.name} />
        <TextInput label={t.themeDescription} value={description} onChange={setDescription} maxLength={adminLimits.theme.description} />
        <Button type="submit" color="primary" loading={add.isPending}>
          {t.addTheme}
        </Button>
      </form>
      {themes.length === 0 ? (
        <p className="qgw-cs-hint">{t.themesEmpty}</p>
      ) : (
        <ul className="qgw-cs-rows" aria-label={t.themesTitle}>
          {themes.map((th) => (
            <ThemeRow key={th.id} theme={th} />
          ))}
        </ul>
      )}
    </section>
  );
}
