import '../../i18n/zod';
import '../../components/tariffs.css';
import type { TariffBook, TariffItem } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasRole, useSession } from '../../api/session';
import { useDeleteTariffBook, useDeleteTariffItem, useTariffBooks, useTariffItems } from '../../api/tariffs';
import { PageTitle } from '../../components/PageTitle';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useUrlSearch } from '../../components/useUrlSearch';
import { formatRupiah } from '../../i18n/format';
import { PrimeScope } from '../../components/PrimeScope';
import { tarifPelayananNs } from './i18n';
import { TariffBookDialog } from './TariffBookDialog';
import { TariffImportDialog } from './TariffImportDialog';
import { TariffItemDialog } from './TariffItemDialog';
import { serverPaging } from '../../components/serverPaging';

const PAGE_SIZES = [20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;
/** A new search starts on the first page. */
const NEW_SEARCH_RESETS = ['page'] as const;

type Editing =
  | { kind: 'newBook' }
  | { kind: 'renameBook'; book: TariffBook }
  | { kind: 'deleteBook'; book: TariffBook }
  | { kind: 'item'; item: TariffItem | null }
  | { kind: 'deleteItem'; item: TariffItem }
  | { kind: 'import'; book: TariffBook };

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** The service tariff books: one book at a time, searched, filtered by class and paged by the server. */
export default function TarifPelayananPage() {
  const { t } = useTranslation();
  return (
    <PrimeScope>
      <PageTitle>{t('menu.tarifpelayanan')}</PageTitle>
      <TariffBooks />
    </PrimeScope>
  );
}

function TariffBooks() {
  const { t } = useTranslation([tarifPelayananNs, 'translation']);
  const ids = { book: useId(), search: useId(), class: useId() };
  const [params, setParams] = useSearchParams();
  const { session } = useSession();
  const isAdmin = hasRole(session, ['admin']);
  const { toast, show } = useSuccessToast();
  const [editing, setEditing] = useState<Editing | null>(null);

  const books = useTariffBooks();
  const requested = positiveInt(params.get('book'));
  // The first book unless the URL names another one that still exists.
  const book = books.data?.find((candidate) => candidate.id === requested) ?? books.data?.[0] ?? null;
  const { text, setText, term } = useUrlSearch({ resets: NEW_SEARCH_RESETS });
  const careClass = params.get('class') ?? '';
  const page = positiveInt(params.get('page')) ?? 1;
  const requestedSize = positiveInt(params.get('pageSize'));
  const pageSize = requestedSize && PAGE_SIZES.includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  const items = useTariffItems(book?.id ?? null, { q: term, class: careClass, page, pageSize });
  const deleteBook = useDeleteTariffBook();
  const deleteItem = useDeleteTariffItem(book?.id ?? 0);

  /** Changes the URL's state; a change of book, class or page is a step the back button undoes. */
  const navigate = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    });

  const close = () => setEditing(null);

  if (books.isPending) return <p>{t('translation:common.loading')}</p>;

  return (
    <div className="card">
      {toast}
      {isAdmin && (
        <div className="tariff-admin" role="toolbar" aria-label={t('admin.label')}>
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('admin.newBook')}
            outlined
            onClick={() => setEditing({ kind: 'newBook' })}
          />
          {book && (
            <>
              <Button
                type="button"
                icon="pi pi-pencil"
                label={t('admin.renameBook')}
                outlined
                onClick={() => setEditing({ kind: 'renameBook', book })}
              />
              <Button
                type="button"
                icon="pi pi-trash"
                label={t('admin.deleteBook')}
                severity="danger"
                outlined
                onClick={() => setEditing({ kind: 'deleteBook', book })}
              />
              <Button
                type="button"
                icon="pi pi-plus-circle"
                label={t('admin.newItem')}
                onClick={() => setEditing({ kind: 'item', item: null })}
              />
              <Button
                type="button"
                icon="pi pi-file-import"
                label={t('admin.import')}
                onClick={() => setEditing({ kind: 'import', book })}
              />
            </>
          )}
        </div>
      )}

      {!book ? (
        <p>{t('noBooks')}</p>
      ) : (
        <>
          <div className="tariff-toolbar">
            <div className="tariff-field">
              <label htmlFor={ids.book}>{t('book')}</label>
              <select
                id={ids.book}
                className="p-inputtext p-component"
                value={book.id}
                onChange={(event) => navigate({ book: event.target.value, class: null, page: null })}
              >
                {books.data?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="tariff-field tariff-search">
              <label htmlFor={ids.search}>{t('search')}</label>
              <IconField iconPosition="left">
                <InputIcon className="pi pi-search" />
                <InputText
                  id={ids.search}
                  type="search"
                  value={text}
                  placeholder={t('searchPlaceholder')}
                  onChange={(event) => setText(event.target.value)}
                />
              </IconField>
            </div>
            <div className="tariff-field">
              <label htmlFor={ids.class}>{t('class')}</label>
              <select
                id={ids.class}
                className="p-inputtext p-component"
                value={careClass}
                onChange={(event) => navigate({ class: event.target.value || null, page: null })}
              >
                <option value="">{t('allClasses')}</option>
                {items.data?.classes.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            {items.data && (
              <p className="tariff-count" aria-live="polite">
                {t('total', { count: items.data.total })}
              </p>
            )}
          </div>

          <DataTable
            value={items.data?.items ?? []}
            dataKey="id"
            {...serverPaging({
              page,
              pageSize,
              total: items.data?.total,
              sizes: PAGE_SIZES,
              onPage: (nextPage, nextSize) =>
                navigate({
                  page: String(nextPage),
                  pageSize: nextSize === DEFAULT_PAGE_SIZE ? null : String(nextSize),
                }),
            })}
            loading={items.isFetching}
            emptyMessage={items.isPending ? t('translation:common.loading') : t('empty')}
            stripedRows
            size="small"
          >
            <Column field="name" header={t('columns.name')} />
            <Column field="class" header={t('columns.class')} />
            <Column
              header={t('columns.price')}
              headerClassName="tariff-price"
              bodyClassName="tariff-price"
              body={(item: TariffItem) => formatRupiah(item.price)}
            />
            {isAdmin && (
              <Column
                header={t('columns.actions')}
                bodyClassName="tariff-actions"
                body={(item: TariffItem) => (
                  <>
                    <Button
                      type="button"
                      icon="pi pi-pencil"
                      rounded
                      text
                      aria-label={t('admin.editItem', { name: item.name, class: item.class })}
                      onClick={() => setEditing({ kind: 'item', item })}
                    />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      rounded
                      text
                      severity="danger"
                      aria-label={t('admin.deleteItem', { name: item.name, class: item.class })}
                      onClick={() => setEditing({ kind: 'deleteItem', item })}
                    />
                  </>
                )}
              />
            )}
          </DataTable>
        </>
      )}

      {(editing?.kind === 'newBook' || editing?.kind === 'renameBook') && (
        <TariffBookDialog
          book={editing.kind === 'renameBook' ? editing.book : null}
          onClose={close}
          onSaved={(saved) => {
            close();
            if (editing.kind === 'newBook') {
              show(t('done.bookCreated', { name: saved.name }));
              navigate({ book: String(saved.id), q: null, class: null, page: null });
            } else show(t('done.bookRenamed', { name: saved.name }));
          }}
        />
      )}
      {editing?.kind === 'item' && book && (
        <TariffItemDialog
          bookId={book.id}
          item={editing.item}
          classes={items.data?.classes ?? []}
          onClose={close}
          onSaved={(saved) => {
            close();
            show(t('done.itemSaved', { name: saved.name }));
          }}
        />
      )}
      {editing?.kind === 'import' && (
        <TariffImportDialog
          book={editing.book}
          onClose={close}
          onImported={(count) => {
            close();
            show(t('done.imported', { count }));
            navigate({ page: null });
          }}
        />
      )}
      <ConfirmDialog
        visible={editing?.kind === 'deleteBook' || editing?.kind === 'deleteItem'}
        onHide={close}
        header={t('confirm.title')}
        icon="pi pi-exclamation-triangle"
        message={
          editing?.kind === 'deleteBook'
            ? t('confirm.deleteBook', { name: editing.book.name })
            : editing?.kind === 'deleteItem'
              ? t('confirm.deleteItem', { name: editing.item.name, class: editing.item.class })
              : ''
        }
        acceptLabel={t('confirm.accept')}
        rejectLabel={t('cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (editing?.kind === 'deleteBook') {
            const { name, id } = editing.book;
            deleteBook.mutate(id, {
              onSuccess: () => {
                show(t('done.bookDeleted', { name }));
                navigate({ book: null, q: null, class: null, page: null });
              },
            });
          } else if (editing?.kind === 'deleteItem') {
            const { name, id } = editing.item;
            deleteItem.mutate(id, { onSuccess: () => show(t('done.itemDeleted', { name })) });
          }
        }}
      />
    </div>
  );
}
