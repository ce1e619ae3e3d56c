import { PlaceholderPage } from '../../components/placeholder-page'

export const ReportByZone = () => <PlaceholderPage title="menu.reportByZone" />
export const ReportByZoneSelected = () => <PlaceholderPage title="menu.reportByZone" />
export const RecognitionReport = () => <PlaceholderPage title="menu.recognition" />
