import './tariffs.css';
import { Column } from 'primereact/column';
import { formatRupiah } from '../i18n/format';

/** A column of prices in rupiah, right-aligned so that the digits line up (DataTable reads its columns' props). */
export function priceColumn<Row extends { price: number }>(header: string) {
  return (
    <Column
      header={header}
      headerClassName="tariff-price"
      bodyClassName="tariff-price"
      body={(row: Row) => formatRupiah(row.price)}
    />
  );
}
