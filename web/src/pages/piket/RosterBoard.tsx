import './RosterBoard.css';
import { useSuccessToast } from '../../components/useSuccessToast';
import { PrimeScope } from '../../components/PrimeScope';
import { RosterCalendar } from './RosterCalendar';
import { RosterNowPanel } from './RosterNowPanel';

/** Who should be on duty now next to who is, and the month's roster; admins plan it here. */
export default function RosterBoard({ canPlan }: { canPlan: boolean }) {
  const { toast, show } = useSuccessToast();
  return (
    <PrimeScope>
      {toast}
      <RosterNowPanel />
      <RosterCalendar canPlan={canPlan} onDone={show} />
    </PrimeScope>
  );
}
