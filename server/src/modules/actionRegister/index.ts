export { actionRegisterArea } from './area';
export {
  COLUMNS as ACTION_COLUMNS,
  SOURCES as ACTION_SOURCE_QUERIES,
  TABLES as ACTION_TABLES,
  type Columns as ActionColumns,
} from './statements';
