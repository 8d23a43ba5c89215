import type { ComponentType, CSSProperties } from 'react';
import { Col, Row, type ColProps } from 'antd';

// The cards of a grid, each one's props; a card the dashboard does not hold is false, null or undefined.
export type GridCards<P> = (P | false | null | undefined)[];

// The dashboard's cards side by side (`col` of each), leaving out the ones it does not hold.
export function CardGrid<P extends { testId: string }>(props: {
  cards: GridCards<P>;
  card: ComponentType<P>;
  col: ColProps;
  style?: CSSProperties;
}) {
  const Card = props.card;
  return (
    <Row gutter={[16, 16]} style={props.style}>
      {props.cards.map(
        (card) =>
          card && (
            <Col key={card.testId} {...props.col}>
              <Card {...card} />
            </Col>
          ),
      )}
    </Row>
  );
}
