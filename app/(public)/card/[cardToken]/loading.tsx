import { CardLoading } from '@/components/card/card-loading';

export default function CardPageLoading() {
  return <CardLoading />;
}
