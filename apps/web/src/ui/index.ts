export { Avatar } from './Avatar';
export { Button, buttonClasses, type ButtonProps } from './Button';
export { Card, CardContent, CardDescription, CardHeader, CardTitle } from './Card';
export { CheckboxField, CheckboxList } from './Checkbox';
export { EmptyState, LoadError, NoMatches } from './EmptyState';
export { FeatureGate, LockedFeaturesCard, LockedOverlay, useHasFeature } from './FeatureGate';
export { Input, TextField, inputClasses } from './Input';
export { Label } from './Label';
export { LogoMark, SalesLogoMark, Wordmark } from './Logo';
export { PageHeader } from './PageHeader';
export { PlaceholderPage } from './PlaceholderPage';
export { BarePage } from './BarePage';
export { PageSpinner, Spinner } from './Spinner';
export { Toaster } from './Toaster';
export { Tooltip, TooltipProvider, TOOLTIP_DELAY_MS } from './Tooltip';
export { ActionMenu, type ActionMenuItem } from './ActionMenu';
export { Badge, type BadgeTone } from './Badge';
export { Checkbox } from './Checkbox';
export { ConfirmDialog, DeleteDialog } from './ConfirmDialog';
export { DateInput, DateRangeInputs, type DayRange } from './DateInput';
export { SearchInput } from './SearchInput';
export { DataTable, type DataColumn, type DataTableProps, type SortOption } from './DataTable';
export { ListTable, type ListPage, type ListResult, type ListTableProps } from './ListTable';
export { ListSection, type ListSectionProps } from './ListSection';
export { EditableListSection, type EditableListSectionProps } from './EditableListSection';
export { Combobox, ComboboxNote, type ComboboxProps } from './Combobox';
export { actionsColumn, editAndDelete, RowActions } from './row-actions';
export { Section } from './Section';
export { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './Dialog';
export { Pagination } from './Pagination';
export { ProgressBar } from './ProgressBar';
export { SelectField, type SelectOption } from './Select';
export { SearchableSelect, SHOWN_MATCHES } from './SearchableSelect';
export { Skeleton } from './Skeleton';
export { SwitchField } from './Switch';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
export {
  OfflinePlayer,
  type OfflinePlayerHandle,
  type OfflinePlayerProps,
} from './player/OfflinePlayer';
export { FormError } from './FormError';
export { Figure } from './Figure';
export { DialogForm, FormDialog } from './FormDialog';
export { NameAndEmail } from './NameAndEmail';
