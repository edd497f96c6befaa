/** The back office's table lives in the list kit; this path stays for the detail screens that show one. */
export * from './kit/DataTable.tsx'
