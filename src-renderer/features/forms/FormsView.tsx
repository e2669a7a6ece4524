import { lazy, Suspense } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { Loading } from '@renderer/components/ui';
import { useRoles } from '@renderer/state/appStore';
import { useRoute } from '@renderer/state/route';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
import { AllForms } from './admin/AllForms';
import { MyForms } from './MyForms';
import './forms.css';

// The builder and its charts load when an admin first opens a form: nobody else needs them.
const FormEditor = lazy(() => import('./admin/FormEditor').then((m) => ({ default: m.FormEditor })));

const OPENING = defineMessage({ id: 'forms.view.opening', defaultMessage: 'Opening the form' });

/** Forms: those sent to me; for an admin, every form, and one opened in the builder (`?edit=`). */
export function FormsView() {
  const intl = useIntl();
  const roles = useRoles();
  const { params } = useRoute();
  const admin = !!roles?.includes('ADMIN');
  const editing = admin ? params.get('edit') : null;
  return (
    <section aria-labelledby="forms-title" className="forms-view">
      <h1 id="forms-title">{intl.formatMessage(VIEW_MESSAGES.forms)}</h1>
      {editing ? (
        <Suspense fallback={<Loading label={intl.formatMessage(OPENING)} />}>
          <FormEditor id={editing} />
        </Suspense>
      ) : (
        <>
          <MyForms openId={params.get('id')} />
          {admin && <AllForms />}
        </>
      )}
    </section>
  );
}
