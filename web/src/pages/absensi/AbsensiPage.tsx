import { deskRoles } from '@portal/contract/constants';
import { hasRole, useSession } from '../../api/session';
import AttendanceDesk from './AttendanceDesk';

/** Attendance: every staff member clocks in and out here; admins also see today's list and the recap. */
export default function AbsensiPage() {
  const { session } = useSession();
  return <AttendanceDesk isAdmin={hasRole(session, deskRoles.admin)} />;
}
