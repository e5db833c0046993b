import '../../i18n/zod';
import '../../components/forms.css';
import './AuthPage.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, loginRequestSchema, type SessionInfo } from '@portal/contract';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useContext } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useLogin, useLogout, useSession, useSessionEnded } from '../../api/session';
import { FormField } from '../../components/FormField';
import { MenuContext, ownDesk } from '../../components/menu';
import { PageTitle } from '../../components/PageTitle';
import { PrimeScope } from '../../components/PrimeScope';
import { authNs } from './i18n';
import { nextPath } from './nextPath';

export default function AuthPage() {
  const { t } = useTranslation([authNs, 'translation']);
  const { session, isLoading } = useSession();

  return (
    <PrimeScope>
      <main className="standalone-page">
        <div className="standalone-card auth-card">
          <PageTitle>{t('title')}</PageTitle>
          {isLoading ? (
            <p>{t('translation:common.loading')}</p>
          ) : session ? (
            <SignedIn session={session} />
          ) : (
            <LoginForm />
          )}
        </div>
      </main>
    </PrimeScope>
  );
}

function SignedIn({ session }: { session: SessionInfo }) {
  const { t } = useTranslation(authNs);
  // Stays here, so that the next person can log in at once.
  const logout = useLogout(() => {});

  return (
    <>
      <p>{t('signedInAs', { name: session.name })}</p>
      <div className="auth-actions">
        <Button
          type="button"
          icon="pi pi-sign-out"
          label={t('logout')}
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        />
        <Link to="/">{t('home')}</Link>
      </div>
    </>
  );
}

const fieldNames = ['username', 'password'] as const;

function LoginForm() {
  const { t } = useTranslation([authNs, 'translation']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const menu = useContext(MenuContext);
  const ended = useSessionEnded();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit((credentials) =>
    login.mutate(credentials, {
      // Back to the page that asked for the login; otherwise to the staff member's own desk, not the
      // public dashboard.
      onSuccess: (session) =>
        navigate(nextPath(searchParams.get('next')) ?? ownDesk(menu, session.roles), { replace: true }),
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        for (const name of fieldNames) {
          const message = fields?.[name];
          if (message) setError(name, { message });
        }
        if (!fields) {
          resetField('password');
          setFocus('password');
        }
      },
    }),
  );

  // Field errors of a 400 are shown next to the fields; anything else above the form.
  const formError =
    login.error && !(login.error instanceof ApiError && login.error.fields) ? login.error : null;

  return (
    <>
      {ended && !formError && <Message className="form-message" severity="warn" text={t('sessionEnded')} />}
      {formError && (
        <Message
          className="form-message"
          severity="error"
          text={formError instanceof ApiError ? formError.message : t('translation:errors.unexpected')}
        />
      )}
      <form className="form-grid" onSubmit={submit} noValidate>
        {fieldNames.map((name) => {
          const inputId = `login-${name}`;
          const error = errors[name]?.message;
          return (
            <FormField key={name} id={inputId} label={t(name)} error={error}>
              <InputText
                id={inputId}
                type={name === 'password' ? 'password' : 'text'}
                autoComplete={name === 'password' ? 'current-password' : 'username'}
                invalid={error !== undefined}
                aria-invalid={error !== undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                {...register(name)}
              />
            </FormField>
          );
        })}
        <Button type="submit" icon="pi pi-sign-in" label={t('submit')} loading={login.isPending} />
      </form>
      <p className="auth-actions">
        <Link to="/">{t('backToPortal')}</Link>
      </p>
    </>
  );
}
