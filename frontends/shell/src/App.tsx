import { AuthProvider } from '@growth/kit';
import { Layout } from './layout/Layout';
import { AppRoutes } from './AppRoutes';

export function App() {
  return (
    <AuthProvider>
      <Layout>
        <AppRoutes />
      </Layout>
    </AuthProvider>
  );
}
