import '../../i18n/zod';
import '../../components/tariffs.css';
import type { TariffBook, TariffItem } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasRole, useSession } from '../../api/session';
import { useSimrsLinked } from '../../api/system';
import { useDeleteTariffBook, useDeleteTariffItem, useTariffBooks, useTariffItems } from '../../api/tariffs';
import { actionsColumn, DeskTable, oneLineColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { priceColumn } from '../../components/priceColumn';
import { PrimeScope } from '../../components/PrimeScope';
import { SearchField } from '../../components/SearchField';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { useConfirm } from '../../components/useConfirm';
import { useDeskFilter, useDeskSearch } from '../../components/useDeskFilter';
import { useSuccessToast } from '../../components/useSuccessToast';
import { tarifPelayananNs } from './i18n';
import { TariffBookDialog } from './TariffBookDialog';
import { TariffImportDialog } from './TariffImportDialog';
import { TariffItemDialog } from './TariffItemDialog';

const PAGE_SIZES = [20, 50, 100];
/** Classes are the book's own: any value is passed on, and an unknown one finds nothing. */
const FILTERS = { class: /./ };
/** An item's buttons are icons alone, each named for the item by `aria-label`: the long list stays compact. */
const ICON_ONLY = { rounded: true, text: true, outlined: false } as const;

type Editing =
  | { kind: 'newBook' }
  | { kind: 'renameBook'; book: TariffBook }
  | { kind: 'item'; item: TariffItem | null }
  | { kind: 'import'; book: TariffBook };

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
  const bookId = useId();
  const [params] = useSearchParams();
  const { session } = useSession();
  const isAdmin = hasRole(session, ['admin']);
  // Linked mode: the books are the SIMRS's, changed there; the admins are told so instead.
  const linked = useSimrsLinked();
  const canEdit = isAdmin && !linked;
  const { toast, show } = useSuccessToast();
  const [editing, setEditing] = useState<Editing | null>(null);

  const books = useTariffBooks();
  const requested = Number(params.get('book'));
  // The first book unless the URL names another one that still exists.
  const book = books.data?.find((candidate) => candidate.id === requested) ?? books.data?.[0] ?? null;
  const search = useDeskSearch();
  const desk = useDeskFilter(FILTERS, { sizes: PAGE_SIZES });
  const careClass = desk.filter.class ?? '';
  const items = useTariffItems(book?.id ?? null, {
    q: search.term,
    class: careClass,
    page: desk.page,
    pageSize: desk.pageSize,
  });
  const deleteBook = useDeleteTariffBook();
  const deleteItem = useDeleteTariffItem(book?.id ?? 0);
  const confirm = useConfirm();
  const askDelete = (message: string, accept: () => void) =>
    confirm.ask({
      header: t('confirm.title'),
      message,
      acceptLabel: t('confirm.accept'),
      danger: true,
      accept,
    });

  const close = () => setEditing(null);

  if (books.isPending) return <p>{t('translation:common.loading')}</p>;

  return (
    <div className="card">
      {toast}
      {isAdmin && linked && <SimrsOwnedNote what={t('simrsOwned')} />}
      {canEdit && (
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
                onClick={() =>
                  askDelete(t('confirm.deleteBook', { name: book.name }), () =>
                    deleteBook.mutate(book.id, {
                      onSuccess: () => {
                        show(t('done.bookDeleted', { name: book.name }));
                        desk.navigate({ book: null, q: null, class: null });
                      },
                    }),
                  )
                }
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
          <DeskToolbar count={items.data && t('total', { count: items.data.total })}>
            <FormField id={bookId} label={t('book')}>
              <select
                id={bookId}
                className="p-inputtext p-component"
                value={book.id}
                onChange={(event) => desk.navigate({ book: event.target.value, class: null })}
              >
                {books.data?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </FormField>
            <SearchField label={t('search')} placeholder={t('searchPlaceholder')} search={search} />
            <FilterSelect
              label={t('class')}
              allLabel={t('allClasses')}
              options={(items.data?.classes ?? []).map((name) => ({ value: name, label: name }))}
              {...desk.select('class')}
            />
          </DeskToolbar>

          <DeskTable query={items} desk={desk} emptyMessage={t('empty')}>
            <Column field="name" header={t('columns.name')} />
            {oneLineColumn(t('columns.class'), (item: TariffItem) => item.class)}
            {priceColumn(t('columns.price'))}
            {canEdit &&
              actionsColumn(t('columns.actions'), (item: TariffItem) => [
                {
                  ...ICON_ONLY,
                  icon: 'pi pi-pencil',
                  'aria-label': t('admin.editItem', { name: item.name, class: item.class }),
                  onClick: () => setEditing({ kind: 'item', item }),
                },
                {
                  ...ICON_ONLY,
                  icon: 'pi pi-trash',
                  severity: 'danger',
                  'aria-label': t('admin.deleteItem', { name: item.name, class: item.class }),
                  onClick: () =>
                    askDelete(t('confirm.deleteItem', { name: item.name, class: item.class }), () =>
                      deleteItem.mutate(item.id, {
                        onSuccess: () => show(t('done.itemDeleted', { name: item.name })),
                      }),
                    ),
                },
              ])}
          </DeskTable>
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
              desk.navigate({ book: String(saved.id), q: null, class: null });
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
          onImported={({ imported: count, updated }) => {
            close();
            show(t(updated ? 'done.importedUpdated' : 'done.imported', { count, updated }));
            desk.navigate({});
          }}
        />
      )}
      {confirm.dialog}
    </div>
  );
}
