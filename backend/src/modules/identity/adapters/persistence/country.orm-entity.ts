import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'countries' })
export class CountryOrmEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'country_id' })
  countryId: string;

  @Column({ name: 'code', type: 'text' })
  code: string;

  @Column({ name: 'name', type: 'text' })
  name: string;

  @Column({ name: 'calling_code', type: 'text' })
  callingCode: string;

  @Column({ name: 'flag', type: 'text' })
  flag: string;
}
