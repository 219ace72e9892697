// The live checklist of the password rules under a new-password field (registration and change of password).
import { passwordChecklist } from '../../../rules/validation';

export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="checklist" aria-label="Password requirements">
      {passwordChecklist(password).map((item) => (
        <li key={item.id} className={item.met ? 'checklist__item--met' : undefined} data-met={item.met}>
          <span aria-hidden="true">{item.met ? '✓' : '○'}</span>
          <span>{item.label}</span>
          <span className="visually-hidden">{item.met ? '(met)' : '(not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
