// Any address the route table does not know.
import { Link } from 'react-router';
import { MainLandmark } from '../../ui/MainLandmark';

export default function NotFoundPage() {
  return (
    <div className="center-screen">
      <MainLandmark className="card error-page">
        <p className="error-page__code" aria-hidden="true">
          404
        </p>
        <h1>Page Not Found</h1>
        <p>The page you are looking for has sailed beyond the edge of the map.</p>
        <Link className="button" to="/">
          Back to Home
        </Link>
      </MainLandmark>
    </div>
  );
}
