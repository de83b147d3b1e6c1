import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  articleCategories, contentLimits, isSeasonalCategory, ZSlug, type AdminArticle, type ArticleCategory, type Attachment, type ArticleInput,
} from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { maxLengthOf } from '../../../lib/schema-limits.js';
import { formatSize } from '../../../lib/format.js';
import { adminOps } from '../api/operations.js';
import { useUpload } from '../hooks/use-upload.js';
import { consoleKeys, useConsoleMutation } from '../hooks/use-console-mutation.js';
import { consolePaths, NEW_ID } from '../paths.js';
import { consoleStrings as t } from '../strings.js';
import { articlesSearch, programmeIdOf, seasonChoiceOf, useArticleCategory, useArticleSeason } from './article-address.js';
import { BodyEditor } from './body-editor.js';
import { CheckboxField, ConsoleError, ConsoleLoading, ConsolePage, FileButton, FormActions, SelectField, TextArea, TextInput } from './console-ui.js';
import { type SeasonChoice, seasonLabel, useConsoleSeasons } from './season-select.js';

interface Draft {
  category: ArticleCategory;
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverUrl: string;
  attachments: Attachment[];
  awardQuota: string;
  awardPrize: string;
  published: boolean;
}

const draftOf = (a: AdminArticle | null, category: ArticleCategory): Draft => ({
  category: a?.category ?? category,
  slug: a?.slug ?? '',
  title: a?.title ?? '',
  summary: a?.summary ?? '',
  body: a?.body ?? '',
  coverUrl: a?.coverUrl ?? '',
  attachments: a?.attachments ?? [],
  awardQuota: a?.award ? String(a.award.quota) : '',
  awardPrize: a?.award?.prize ?? '',
  published: a?.published ?? false,
});

/** What the form sends: empty optional fields become "none", the award only for award articles. */
export function inputOf(d: Draft): ArticleInput {
  return {
    category: d.category,
    slug: d.slug.trim() || null,
    title: d.title,
    summary: d.summary,
    body: d.body,
    coverUrl: d.coverUrl.trim() || null,
    attachments: d.attachments,
    award: d.category === 'award' ? { quota: Number.parseInt(d.awardQuota, 10) || 0, prize: d.awardPrize } : null,
    published: d.published,
  };
}

function AttachmentsEditor({ items, onChange }: { items: Attachment[]; onChange(next: Attachment[]): void }) {
  const upload = useUpload((f) => onChange([...items, { name: f.name, url: f.url, size: f.size }]));
  return (
    <fieldset className="qgw-cs-fieldset">
      <legend className="qgw-cs-label">{t.attachments}</legend>
      {items.length === 0 && <p className="qgw-cs-hint">{t.noAttachments}</p>}
      <ul className="qgw-cs-attachments">
        {items.map((a, i) => (
          <li key={`${a.url}-${i}`}>
            <TextInput
              label={`${t.attachmentName} ${i + 1}`}
              value={a.name}
              onChange={(name) => onChange(items.map((x, j) => (j === i ? { ...x, name } : x)))}
              hint={`${a.url} · ${formatSize(a.size)}`}
            />
            <button
              type="button"
              className="qgw-cs-text-button qgw-cs-danger"
              aria-label={t.removeAttachment(a.name)}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              {t.delete}
            </button>
          </li>
        ))}
      </ul>
      <FileButton label={t.uploadAttachment} pending={upload.pending} onFile={(f) => void upload.run(f)} />
      <p className="qgw-cs-hint">{t.uploadHint}</p>
    </fieldset>
  );
}

function ArticleForm({ article, initialCategory, season }: { article: AdminArticle | null; initialCategory: ArticleCategory; season: SeasonChoice }) {
  const navigate = useNavigate();
  const [d, setD] = useState<Draft>(() => draftOf(article, initialCategory));
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const seasons = useConsoleSeasons().data?.items;
  // a programme page or award stays in its season; a new one, or a committee page made one, goes to the season of the list it came from
  const own = seasonChoiceOf(article?.programmeId ?? null, seasons) ?? season;
  const named = article?.programmeId ? undefined : programmeIdOf(d.category, season);
  const toList = () => void navigate(`${consolePaths.articles}?${articlesSearch(d.category, own)}`);
  const cover = useUpload((f) => set('coverUrl')(f.url));
  const save = useConsoleMutation(
    (input: ArticleInput) =>
      article
        ? call(adminOps.articles.update, { id: article.id, expectedUpdatedAt: article.updatedAt, ...input, programmeId: named })
        : call(adminOps.articles.create, { ...input, programmeId: named }),
    { loading: t.saving, success: t.saved, onSuccess: toList },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(inputOf(d));
  };
  return (
    <form className="qgw-cs-card qgw-cs-form" onSubmit={submit} noValidate>
      <SelectField label={t.categoryLabel} value={d.category} options={articleCategories.map((c) => ({ value: c, label: t.category[c] }))} onChange={set('category')} />
      {isSeasonalCategory(d.category) && <p className="qgw-cs-hint">{t.articleSeason(seasonLabel(own, seasons))}</p>}
      <TextInput label={t.fieldTitle} value={d.title} onChange={set('title')} maxLength={contentLimits.title.max} />
      <TextInput label={t.fieldSlug} value={d.slug} onChange={set('slug')} hint={t.fieldSlugHint} maxLength={maxLengthOf(ZSlug)} />
      <TextArea label={t.fieldSummary} value={d.summary} onChange={set('summary')} rows={2} maxLength={contentLimits.summary.max} />
      <div className="qgw-cs-inline">
        <TextInput label={t.fieldCover} value={d.coverUrl} onChange={set('coverUrl')} />
        <FileButton label={t.uploadCover} accept="image/jpeg,image/png,image/webp" pending={cover.pending} onFile={(f) => void cover.run(f)} />
      </div>
      {d.category === 'award' && (
        <div className="qgw-cs-inline">
          <TextInput label={t.awardQuota} type="number" value={d.awardQuota} onChange={set('awardQuota')} />
          <TextInput label={t.awardPrize} value={d.awardPrize} onChange={set('awardPrize')} maxLength={contentLimits.shortText.max} />
        </div>
      )}
      <BodyEditor value={d.body} onChange={set('body')} />
      <AttachmentsEditor items={d.attachments} onChange={set('attachments')} />
      <CheckboxField label={t.fieldPublished} checked={d.published} onChange={set('published')} hint={t.fieldPublishedHint} />
      <FormActions saving={save.isPending} onCancel={toList} />
    </form>
  );
}

/** /console/content/articles/:id — edit an article, or write a new one (id "new", ?category=). */
export function ArticleEditScreen() {
  const { id = NEW_ID } = useParams();
  const category = useArticleCategory();
  const season = useArticleSeason();
  const isNew = id === NEW_ID;
  const article = useQuery({
    queryKey: consoleKeys.article(id),
    queryFn: () => call(adminOps.articles.get, { id }),
    enabled: !isNew,
    // the form keeps its own copy; a background refetch must not reset what is being typed
    staleTime: Infinity,
  });
  const title = isNew ? t.newArticle : t.editArticle;
  if (isNew) {
    return (
      <ConsolePage title={title}>
        <ArticleForm article={null} initialCategory={category} season={season} />
      </ConsolePage>
    );
  }
  return (
    <ConsolePage title={title}>
      {article.isPending ? (
        <ConsoleLoading rows={8} />
      ) : article.isError ? (
        <ConsoleError error={article.error} onRetry={() => void article.refetch()} />
      ) : (
        <ArticleForm key={article.data.id} article={article.data} initialCategory={category} season={season} />
      )}
    </ConsolePage>
  );
}
